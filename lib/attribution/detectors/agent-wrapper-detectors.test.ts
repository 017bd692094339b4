/**
 * Detectors for agent-wrapper traces (OTLP `invoke_agent` spans): empty replies, missing state,
 * success claimed without work, recomputed arithmetic, unfounded rejections.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../index";
import { ZTrace, type TTraceInput } from "../../trace/schema";

type Steps = TTraceInput["steps"];
const make = (steps: Steps, edges: TTraceInput["edges"] = []) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });
const names = (r: ReturnType<typeof analyzeTrace>, id: string) =>
  r.steps.find((s) => s.stepId === id)!.detectors.map((d) => d.name);
const write = (id: string, agent: string, parentId: string, key: string, value: string) => ({
  id,
  agent,
  kind: "tool_call" as const,
  parentId,
  content: "ok",
  state: { op: "write" as const, key, value },
  tool: { name: "memory_write", arguments: { key, value }, result: "ok" },
});
const read = (id: string, agent: string, parentId: string, key: string, result: string) => ({
  id,
  agent,
  kind: "tool_call" as const,
  parentId,
  content: result,
  state: { op: "read" as const, key },
  tool: { name: "memory_read", arguments: { key }, result },
});
const stateEdge = (from: string, to: string, key: string) => ({ from, to, kind: "state" as const, key });

/** boss invokes two workers; each computes and writes a partial; boss reads both and answers. */
function team(overrides: { w1?: Steps; w2?: Steps; tail?: Steps } = {}): Steps {
  return [
    { id: "boss", agent: "boss", kind: "agent", input: "Add up the parts.", content: "assistant: Answer: 51" },
    ...(overrides.w1 ?? [
      { id: "w1", agent: "one", kind: "agent", parentId: "boss", content: "assistant: part = 21" },
      { id: "w1c", agent: "one", kind: "llm", parentId: "w1", input: "Sum of 10, 11", content: "21" },
      write("w1w", "one", "w1", "part/one", "21"),
    ]),
    ...(overrides.w2 ?? [
      { id: "w2", agent: "two", kind: "agent", parentId: "boss", content: "assistant: part = 30" },
      { id: "w2c", agent: "two", kind: "llm", parentId: "w2", input: "Sum of 12, 18", content: "30" },
      write("w2w", "two", "w2", "part/two", "30"),
    ]),
    ...(overrides.tail ?? []),
  ];
}

describe("agent-wrapper detectors", () => {
  it("recomputes an explicit calculation and blames the step that got it wrong, not its relays", () => {
    const steps = team({
      w2: [
        { id: "w2", agent: "two", kind: "agent", parentId: "boss", content: "assistant: part = 31" },
        { id: "w2c", agent: "two", kind: "llm", parentId: "w2", input: "Sum of 12, 18", content: "31" },
        write("w2w", "two", "w2", "part/two", "31"),
      ],
      tail: [
        read("br", "boss", "boss", "part/two", "31"),
        { id: "pub", agent: "boss", kind: "llm", parentId: "boss", input: "Add 21 + 31", content: "52" },
      ],
    });
    steps[0] = { ...steps[0], content: "assistant: Answer: 52" };
    const r = analyzeTrace(make(steps, [stateEdge("w2w", "br", "part/two")]));
    expect(names(r, "w2c")).toContain("miscomputed-aggregate");
    expect(names(r, "pub")).not.toContain("miscomputed-aggregate");
    expect(r.decisive?.agent).toBe("two");
    expect(r.agents.find((a) => a.agent === "boss")?.role).toBe("propagator");
  });

  it("blames an invoked agent that returned nothing, and not the invoker whose reads then came back empty", () => {
    const steps = team({
      w2: [{ id: "w2", agent: "two", kind: "agent", parentId: "boss", content: "" }],
      tail: [read("br", "boss", "boss", "part/two", "(missing)")],
    });
    const r = analyzeTrace(make(steps));
    expect(names(r, "w2")).toContain("empty-reply");
    expect(r.steps.every((s) => !s.detectors.some((d) => d.name === "missing-state"))).toBe(true);
    expect(r.decisive?.agent).toBe("two");
  });

  it("blames the invoker when its agents read state nobody wrote and nobody fell silent", () => {
    const steps: Steps = [
      { id: "boss", agent: "boss", kind: "agent", content: "assistant: no answer" },
      { id: "w1", agent: "one", kind: "agent", parentId: "boss", content: "assistant: nothing to do" },
      read("w1r", "one", "w1", "plan", "(missing)"),
    ];
    const r = analyzeTrace(make(steps));
    expect(names(r, "boss")).toContain("missing-state");
    expect(r.decisive?.agent).toBe("boss");
  });

  it("flags an agent claiming success when its own steps only wrote a result", () => {
    const steps = team({
      w2: [
        { id: "w2", agent: "two", kind: "agent", parentId: "boss", content: "assistant: done ✓ all parts processed" },
        write("w2w", "two", "w2", "part/two", "0"),
      ],
    });
    const r = analyzeTrace(make(steps));
    expect(names(r, "w2")).toContain("false-success-claim");
    expect(names(r, "w1")).not.toContain("false-success-claim");
    expect(r.decisive?.agent).toBe("two");
  });

  it("flags a verifier whose verdict rejects sound work, but not one that rejects after a failed input or merely mentions a mistake", () => {
    const verdict = (text: string, got = "51"): Steps => [
      { id: "v", agent: "verifier", kind: "agent", parentId: "boss", content: text },
      read("vr", "verifier", "v", "total", got),
      write("vw", "verifier", "v", "verdict", "no"),
    ];
    const unfounded = analyzeTrace(make(team({ tail: verdict("assistant: REJECTED: failed consistency check") })));
    expect(names(unfounded, "v")).toContain("unfounded-rejection");
    expect(unfounded.decisive?.agent).toBe("verifier");
    const founded = analyzeTrace(make(team({ tail: verdict("assistant: REJECTED: total missing", "(missing)") })));
    expect(names(founded, "v")).not.toContain("unfounded-rejection");
    const prose = analyzeTrace(
      make(team({ tail: verdict("assistant: A careless reader could think the total is incorrect, but it holds.") })),
    );
    expect(names(prose, "v")).not.toContain("unfounded-rejection");
  });

  it("flags a verifier approving with no check of its own: writing the verdict is not evidence", () => {
    const r = analyzeTrace(
      make(
        team({
          tail: [
            { id: "v", agent: "verifier", kind: "agent", parentId: "boss", content: "APPROVED: looks good." },
            write("vw", "verifier", "v", "verdict", "yes"),
          ],
        }),
      ),
    );
    expect(names(r, "v")).toContain("abandoned-verification");
  });
});
