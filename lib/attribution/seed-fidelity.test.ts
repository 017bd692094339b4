/**
 * Seed fidelity on toy traces of our own: co-culprits share the failure reward, a fault that stays
 * inside one agent is never "amplified", and the training context carries tool results.
 */
import { describe, expect, it } from "vitest";
import { analyzeTrace } from "./analyze-trace";
import { classifyInteraction } from "./interaction-class";
import { contextBefore } from "./training-jsonl";
import { validateTrace } from "../trace/validate-trace";
import { TRACE_SCHEMA_VERSION } from "../trace/schema";

/** Two regional analysts each invent a figure (neither sees the other); a summer adds them up. */
function twoFabricators() {
  return validateTrace({
    schema: TRACE_SCHEMA_VERSION,
    run: {
      title: "two stores",
      task: "Report the combined sales of the Avalon and Brynmor stores.",
      outcome: "failure",
    },
    agents: [
      { name: "Lead", kind: "task_giver" },
      { name: "AvalonAnalyst" },
      { name: "BrynmorAnalyst" },
      { name: "Summer" },
    ],
    steps: [
      {
        id: "t",
        agent: "Lead",
        kind: "message",
        content: "Report the combined sales of the Avalon and Brynmor stores.",
      },
      { id: "a", agent: "AvalonAnalyst", kind: "message", content: "Avalon store sales were 48210 units." },
      { id: "b", agent: "BrynmorAnalyst", kind: "message", content: "Brynmor store sales were 51377 units." },
      { id: "s", agent: "Summer", kind: "final", content: "Combined: 48210 + 51377 = 99587 units." },
    ],
    edges: [
      { from: "t", to: "a", kind: "delegation" },
      { from: "t", to: "b", kind: "delegation" },
      { from: "a", to: "s", kind: "aggregation" },
      { from: "b", to: "s", kind: "aggregation" },
    ],
  });
}

describe("co-culprits share the failure reward", () => {
  it("both independent fabricators are penalised, the total is −1 and every reward is bounded", () => {
    const report = analyzeTrace(twoFabricators());
    const reward = new Map(report.training.rewards.map((r) => [r.stepId, r.reward]));
    expect(reward.get("a") ?? 0).toBeLessThan(0);
    expect(reward.get("b") ?? 0).toBeLessThan(0);
    const sum = report.training.rewards.reduce((s, r) => s + r.reward, 0);
    expect(sum).toBeCloseTo(-1, 4);
    for (const r of report.training.rewards) expect(Math.abs(r.reward)).toBeLessThanOrEqual(1.3 + 1e-9);
  });
});

describe("DyLAN finds a dissenter from the answers in the text", () => {
  it("a voter whose answer the majority discarded gets no importance and is suggested for dropping", () => {
    const trace = validateTrace({
      schema: TRACE_SCHEMA_VERSION,
      run: { task: "What is 6 times 7?", outcome: "success" },
      agents: [{ name: "VoterX" }, { name: "VoterY" }, { name: "VoterZ" }, { name: "Judge" }],
      steps: [
        { id: "x", agent: "VoterX", kind: "message", content: "My answer is 42." },
        { id: "y", agent: "VoterY", kind: "message", content: "I get 42." },
        { id: "z", agent: "VoterZ", kind: "message", content: "I think it is 48." },
        { id: "j", agent: "Judge", kind: "aggregate", content: "Majority vote: 42." },
      ],
      edges: ["x", "y", "z"].map((from) => ({ from, to: "j", kind: "aggregation" as const })),
    });
    const report = analyzeTrace(trace);
    expect(report.importance.perAgent.VoterZ).toBe(0);
    expect(report.importance.perAgent.VoterX).toBeGreaterThan(0);
    expect(report.importance.perAgent.VoterX).toBeCloseTo(report.importance.perAgent.VoterY, 6);
    expect(report.importance.dropSuggestions).toContain("VoterZ");
  });
});

describe("amplified needs an agent boundary", () => {
  const base = { candidates: 1, explained: true, repairAllSucceeds: true, flipping: [], minimalFixSet: [] };
  it("a fault that corrupts many of its own agent's steps but no other agent's is unchanged", () => {
    expect(classifyInteraction({ ...base, boundariesCrossed: 0, corruptedDescendants: 12 }).class).toBe("unchanged");
  });
  it("a fault that crosses a boundary and corrupts many steps is amplified", () => {
    expect(classifyInteraction({ ...base, boundariesCrossed: 1, corruptedDescendants: 12 }).class).toBe("amplified");
    expect(classifyInteraction({ ...base, boundariesCrossed: 2, corruptedDescendants: 2 }).class).toBe("amplified");
  });
});

describe("training context", () => {
  it("carries the tool results of the steps before, not only their text", () => {
    const trace = validateTrace({
      schema: TRACE_SCHEMA_VERSION,
      run: { task: "Sum the column.", outcome: "failure" },
      agents: [{ name: "Coder" }, { name: "Reviewer" }],
      steps: [
        {
          id: "c",
          agent: "Coder",
          kind: "tool_call",
          content: "Running the script.",
          tool: { name: "python", result: "total = 155" },
        },
        { id: "r", agent: "Reviewer", kind: "message", content: "Rejected: the script printed 155, not 165." },
        { id: "d", agent: "Coder", kind: "message", content: "The total is 155." },
      ],
    });
    const context = contextBefore(trace, "d") ?? "";
    expect(context).toContain("total = 155");
    expect(context).toContain("Rejected: the script printed 155");
    expect(context).not.toContain("The total is 155.");
  });
});
