/**
 * A fix per culprit: every fix type's template on a named toy trace whose mistake is known by
 * construction, through the whole engine (analyzeTrace), plus the rules around it (no fix for a
 * success, co-culprits, determinism, the schema).
 */
import { describe, expect, it } from "vitest";
import { ZTrace, type TTrace, type TTraceInput } from "../../trace/schema";
import { analyzeTrace, ZAnalysisReport } from "../index";
import * as graphs from "../test-graphs";
import { FIX_TYPES } from "./fix-types";
import { fixForAgent } from "./index";

type Steps = TTraceInput["steps"];
function toy(
  title: string,
  task: string,
  steps: Steps,
  edges: [string, string, "message" | "delegation" | "aggregation"][] = [],
): TTrace {
  return ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { title, task, outcome: "failure", sourceFormat: "culprit" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps: steps.map((s, i) => ({ sourceRef: String(i), ...s })),
    edges: edges.map(([from, to, kind]) => ({ from, to, kind, evidence: "toy", confidence: 1 })),
  });
}

/** The bad delegation with no bound in the task: what the manager changed is the task itself (its nights). */
const driftsFromTask = () => {
  const t = graphs.badDelegation();
  return { ...t, run: { ...t.run, task: "Book a hotel room in Lisbon for two nights." } };
};

/** A checker that rejects sound work: 20 + 22 is 42. */
const rejectsSoundWork = () =>
  toy(
    "rejects sound work",
    "Add 20 and 22.",
    [
      { id: "a", agent: "solver", kind: "message", content: "20 + 22 = 42. The answer is 42." },
      { id: "b", agent: "verifier", kind: "final", content: "REJECTED: the sum is wrong." },
    ],
    [["a", "b", "message"]],
  );

/** A tool call that fails, and an agent that ends the run as if it had not. */
const ignoresToolError = () =>
  toy("ignores a tool error", "Report today's EUR to USD rate from the rates service.", [
    { id: "a", agent: "fetcher", kind: "tool_call", tool: { name: "get_rate", arguments: { pair: "EURUSD" } } },
    {
      id: "b",
      agent: "fetcher",
      kind: "tool_result",
      status: "error",
      error: { message: "HTTP 500 from get_rate" },
      content: "error",
    },
    { id: "c", agent: "fetcher", kind: "final", content: "I was unable to determine the rate." },
  ]);

/** A lookup for another year than the task's. */
const dropsTheYear = () =>
  toy("drops the task's year", "Find the revenue of Acme Corp in 2023.", [
    {
      id: "a",
      agent: "researcher",
      kind: "tool_call",
      tool: {
        name: "search",
        arguments: { query: "Acme Corp revenue 2021" },
        result: "Acme Corp revenue 2021: 5 million",
      },
    },
    { id: "b", agent: "researcher", kind: "final", content: "Acme Corp's revenue was 5 million." },
  ]);

/** An agent that gives up and ends the run. */
const givesUp = () =>
  toy("gives up", "Summarise the three attached reports.", [
    { id: "a", agent: "summariser", kind: "message", content: "Reading the reports now." },
    { id: "b", agent: "summariser", kind: "final", content: "Unable to determine a summary. Done." },
  ]);

const CASES: [string, () => TTrace, string, (typeof FIX_TYPES)[number], RegExp][] = [
  [
    "a planner inventing figures",
    graphs.culpritUpstreamVictimLast,
    "planner",
    "ground-values-in-tool-output",
    /^State a figure only when a tool output/,
  ],
  [
    "voters miscounting",
    graphs.twoWrongVoters,
    "voter1",
    "recompute-arithmetic-and-code-results",
    /^Recompute every \w+ you report/,
  ],
  [
    "a rubber-stamp reviewer",
    graphs.rubberStampReviewer,
    "reviewer",
    "check-before-approving",
    /^Before you approve what \w+ reported, check your work/,
  ],
  [
    "a checker rejecting sound work",
    rejectsSoundWork,
    "verifier",
    "check-before-rejecting",
    /^Before you reject the work of solver, check your work/,
  ],
  [
    "a manager drifting from the task",
    driftsFromTask,
    "manager",
    "follow-the-delegated-instruction",
    /^Hand on the task as it was given/,
  ],
  [
    "a manager handing on the task without its budget",
    graphs.badDelegation,
    "manager",
    "keep-the-task-constraints",
    /^Keep every constraint of the task/,
  ],
  ["a failed tool call ignored", ignoresToolError, "fetcher", "handle-tool-errors", /^When the get_rate tool fails/],
  ["a lookup for another year", dropsTheYear, "researcher", "keep-the-task-constraints", /such as the year 2023/],
  ["an agent giving up", givesUp, "summariser", "stop-or-hand-off-correctly", /^Do not stop, or declare the task done/],
  [
    "an approved origin with no finding of its own",
    graphs.reviewerApprovesWrongProposal,
    "translator",
    "check-own-output",
    /^Check your work before you reply/,
  ],
];

describe("a fix per culprit", () => {
  it.each(CASES)("%s: %s gets %s", (_name, make, agent, fixType, text) => {
    const report = analyzeTrace(make());
    const fix = report.fixes?.[0];
    expect(fix).toMatchObject({ agent, role: "decisive", fixType, author: "template" });
    expect(fix?.instruction).toMatch(text);
    expect(fix?.instruction).toMatch(/check your work/i);
    // One or two sentences, addressed to the agent, no step ids of this run.
    expect(fix?.instruction.split(/[.!?](\s|$)/).filter((x) => x.trim()).length).toBeLessThanOrEqual(2);
    expect(fix?.stepIds).toEqual([report.decisive?.stepId]);
  });

  it("covers every fix type with a toy trace", () => {
    expect(new Set(CASES.map((c) => c[3]))).toEqual(new Set(FIX_TYPES));
  });

  it("names co-culprits: both voters of a wrong majority", () => {
    const fixes = analyzeTrace(graphs.twoWrongVoters()).fixes ?? [];
    expect(fixes.map((f) => [f.agent, f.role])).toEqual([
      ["voter1", "decisive"],
      ["voter2", "co-culprit"],
    ]);
    expect(fixes[0].channel).toBe("aggregation");
  });

  it("gives no fix for a successful run", () => {
    expect(analyzeTrace(graphs.successfulRun()).fixes).toBeUndefined();
  });

  it("is deterministic and fits the schema", () => {
    const a = analyzeTrace(graphs.badDelegation());
    expect(JSON.stringify(analyzeTrace(graphs.badDelegation()))).toBe(JSON.stringify(a));
    expect(ZAnalysisReport.safeParse(a).success).toBe(true);
  });

  it("answers for any agent on request, including one without findings", () => {
    const t = graphs.culpritUpstreamVictimLast();
    const fix = fixForAgent(analyzeTrace(t), t, "writer", "co-culprit");
    expect(fix).toMatchObject({ agent: "writer", role: "co-culprit" });
    expect(fixForAgent(analyzeTrace(t), t, "nobody")).toBeNull();
  });
});
