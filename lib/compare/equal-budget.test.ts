import { describe, expect, it } from "vitest";
import { alignRuns } from "./align-runs";
import { equalBudget } from "./equal-budget";
import { trajectoryDeltas } from "./trajectory-deltas";
import { makeRun, pipelineSteps, PIPELINE_AGENTS } from "./test-runs";
import { computeTrajectory } from "../attribution/trajectory";

const withTokens = (perStep: number) => pipelineSteps().map((s) => ({ ...s, tokens: { total: perStep } }));

describe("equal-budget view", () => {
  it("the run that spends less per step is ahead at the smaller run's budget", () => {
    const a = makeRun(PIPELINE_AGENTS, withTokens(100));
    const b = makeRun(PIPELINE_AGENTS, withTokens(250));
    const { rows } = alignRuns(a, b);
    const eb = equalBudget({ rows, stepsA: a.steps, stepsB: b.steps, decisiveA: "r2", decisiveB: "r2" })!;
    expect(eb.basis).toBe("tokens");
    expect(eb.budget).toBe(500);
    // At 500 tokens A has done all 5 steps, B only 2 (250 each).
    expect(eb.points.at(-1)).toEqual({ budget: 500, rowA: 4, rowB: 1 });
    expect(eb.ahead).toBe("a");
    expect(eb.decisiveAt).toEqual({ a: 300, b: 750 });
    expect(eb.note).toMatch(/Run A was ahead/);
    // Swapping the runs swaps the answer.
    expect(
      equalBudget({ rows: alignRuns(b, a).rows, stepsA: b.steps, stepsB: a.steps, decisiveA: null, decisiveB: null })!
        .ahead,
    ).toBe("b");
  });

  it("falls back to steps when a run records no tokens, and calls equal runs even", () => {
    const a = makeRun(PIPELINE_AGENTS, pipelineSteps());
    const b = makeRun(PIPELINE_AGENTS, withTokens(10));
    const eb = equalBudget({
      rows: alignRuns(a, b).rows,
      stepsA: a.steps,
      stepsB: b.steps,
      decisiveA: null,
      decisiveB: null,
    })!;
    expect(eb.basis).toBe("steps");
    expect(eb.ahead).toBe("even");
    expect(eb.points.map((p) => p.rowA)).toEqual(eb.points.map((p) => p.rowB));
  });

  it("metric deltas are B − A and null when a report has no trajectory", () => {
    const a = computeTrajectory(makeRun(PIPELINE_AGENTS, withTokens(100)), { blame: {}, importance: {} });
    const b = computeTrajectory(makeRun(PIPELINE_AGENTS, withTokens(250)), { blame: {}, importance: {} });
    const deltas = trajectoryDeltas(a, b)!;
    expect(deltas.find((d) => d.metric === "tokens")).toMatchObject({
      a: 500,
      b: 1250,
      delta: 750,
      higherIsWorse: true,
    });
    expect(deltas.find((d) => d.metric === "tool errors")).toMatchObject({ a: 1, b: 1, delta: 0 });
    expect(trajectoryDeltas(a, undefined)).toBeNull();
  });
});
