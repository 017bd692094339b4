/**
 * Success credit is the Shapley value of the answer's lineage game (docs/methods.md, "Training
 * signals"): toys of our own. Each answer value is a unanimity game over the agents that carried it.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./analyze-trace";
import { validateTrace } from "../trace/validate-trace";
import { TRACE_SCHEMA_VERSION, type TTraceInput } from "../trace/schema";

function run(steps: TTraceInput["steps"], edges: TTraceInput["edges"] = []) {
  const agents = [...new Set(steps.map((s) => s.agent))].map((name) =>
    name === "Desk" ? { name, kind: "task_giver" as const } : { name },
  );
  return validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: { task: "Report the orchard's combined harvest in kilograms.", outcome: "success" },
    agents,
    steps,
    edges,
  });
}

/** Two pickers each measure a row with a scale tool, a tallier adds them, a clerk relays the total. */
function orchard() {
  return run([
    { id: "t", agent: "Desk", kind: "message", content: "Report the orchard's combined harvest in kilograms." },
    { id: "c1", agent: "Pia", kind: "tool_call", content: "weigh(row='north')", tool: { name: "weigh" } },
    {
      id: "r1",
      agent: "Scale",
      kind: "tool_result",
      content: "north row: 1843 kg",
      tool: { name: "weigh", result: "north row: 1843 kg" },
      parentId: "c1",
    },
    { id: "p1", agent: "Pia", kind: "message", content: "The north row gave 1843 kg." },
    { id: "c2", agent: "Oren", kind: "tool_call", content: "weigh(row='south')", tool: { name: "weigh" } },
    {
      id: "r2",
      agent: "Scale",
      kind: "tool_result",
      content: "south row: 2716 kg",
      tool: { name: "weigh", result: "south row: 2716 kg" },
      parentId: "c2",
    },
    { id: "p2", agent: "Oren", kind: "message", content: "The south row gave 2716 kg." },
    { id: "s", agent: "Tally", kind: "message", content: "Together: 1843 + 2716 = 4559 kg." },
    { id: "f", agent: "Clerk", kind: "final", content: "The combined harvest is 4559 kg." },
  ]);
}

function creditOf(report: ReturnType<typeof analyzeTrace>) {
  const perAgent = new Map<string, number>();
  const stepAgent = new Map(report.steps.map((s) => [s.stepId, s.agent]));
  for (const r of report.training.rewards) {
    const a = stepAgent.get(r.stepId)!;
    perAgent.set(a, (perAgent.get(a) ?? 0) + r.reward);
  }
  return perAgent;
}

describe("success credit from the answer's lineage (Shapley)", () => {
  it("credits every agent the answer's value needs, and none that only spoke", () => {
    const report = analyzeTrace(orchard());
    expect(report.training.normalization?.creditFrom).toBe("answer-lineage-shapley");
    const credit = creditOf(report);
    // The total's lineage: Clerk relays it, Tally computes it from 1843 (Pia's tool call) and 2716 (Oren's).
    for (const agent of ["Pia", "Oren", "Tally", "Clerk"]) expect(credit.get(agent) ?? 0).toBeGreaterThan(0);
    expect(credit.get("Desk") ?? 0).toBe(0);
    expect(credit.get("Scale") ?? 0).toBe(0);
  });

  it("is symmetric: the two pickers, whose roles in the game are the same, get the same credit", () => {
    const credit = creditOf(analyzeTrace(orchard()));
    expect(credit.get("Pia")).toBeCloseTo(credit.get("Oren")!, 6);
  });

  it("gives nothing to an agent whose words never reach the answer", () => {
    const steps = [
      ...orchard().steps,
      { id: "x", agent: "Bystander", kind: "message" as const, content: "Lovely weather for apples today." },
    ];
    const last = steps.findIndex((s) => s.id === "f");
    const moved = [...steps.slice(0, last), steps[steps.length - 1], steps[last]];
    const credit = creditOf(analyzeTrace(run(moved)));
    expect(credit.get("Bystander") ?? 0).toBeLessThanOrEqual(0);
    expect(credit.get("Tally") ?? 0).toBeGreaterThan(0);
  });

  it("falls back to DyLAN importance when the answer carries no traceable value", () => {
    const report = analyzeTrace(
      run([
        { id: "t", agent: "Desk", kind: "message", content: "Say whether the orchard is ready for harvest." },
        { id: "a", agent: "Pia", kind: "message", content: "The apples look ripe and firm." },
        { id: "f", agent: "Clerk", kind: "final", content: "Ready for harvest." },
      ]),
    );
    expect(report.training.normalization?.creditFrom).toBe("dylan-importance");
  });
});
