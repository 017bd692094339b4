/**
 * A step's error message is what the runtime reported when the step failed (a refused session, an
 * exception), not what the agent said: the account number inside a denied role's name is observed,
 * never a value the agent introduced. Invented span run.
 */
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { analyzeTrace } from "../index";

const DENIED =
  "AccessDenied: role arn:cloud:iam::480215507733:role/Sandbox-Runner is not allowed to start a sandbox session";

function run(errorMessage: string | undefined, content = "") {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { task: "Plot the weekly sign-ups from signups.csv.", outcome: "failure", sourceFormat: "otlp" },
    agents: [{ name: "Analyst" }],
    steps: [
      { id: "a", agent: "Analyst", kind: "agent", content: "I will plot the weekly sign-ups." },
      {
        id: "b",
        agent: "Analyst",
        kind: "other",
        parentId: "a",
        content,
        status: "error",
        ...(errorMessage ? { error: { message: errorMessage } } : {}),
      },
    ],
  });
}

const unsourced = (r: ReturnType<typeof analyzeTrace>) =>
  (r.claims ?? []).filter((c) => c.detector === "unsourced-value").map((c) => c.quote);

describe("claims in an error message", () => {
  it("a number in the runtime's error is observed, not introduced by the agent", () => {
    expect(unsourced(analyzeTrace(run(DENIED)))).not.toContain("480215507733");
  });

  it("the same number written by the agent itself is still its claim", () => {
    const r = analyzeTrace(run(undefined, "The sandbox account is 480215507733, so the plot is ready."));
    expect(unsourced(r)).toContain("480215507733");
  });
});

describe("numbers in a failed tool call's error", () => {
  const TRACEBACK =
    'Traceback (most recent call last):\n  File "convert.py", line 949, in _convert\n  File "convert.py", line 141, in convert\nFileNotFoundError: signups.csv';
  const call = (message: string) =>
    ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { task: "Plot the weekly sign-ups from signups.csv.", outcome: "failure", sourceFormat: "otlp" },
      agents: [{ name: "Analyst" }],
      steps: [
        {
          id: "c",
          agent: "Analyst",
          kind: "tool_call",
          tool: { name: "read_file", arguments: { path: "signups.csv" } },
          status: "error",
          error: { message },
        },
      ],
    });
  const ungrounded = (r: ReturnType<typeof analyzeTrace>) =>
    r.steps.flatMap((s) => s.detectors.filter((d) => d.name === "ungrounded-value").map((d) => d.evidence.note));

  it("are the runtime's report, never values the agent stated (a traceback's line numbers)", () => {
    expect(ungrounded(analyzeTrace(call(TRACEBACK)))).toEqual([]);
  });
});
