import { describe, expect, it } from "vitest";
import type { CandidateTable } from "./candidates";
import { fitModel, fitRanker, type Example } from "./fit";
import { rank } from "./rank";
import { confidenceOf, fitConfidence } from "./confidence";

/** A toy table: one row per step, features by name; the agent at `gold` did the flagged step. */
function table(rows: Record<string, number>[], agents: number[]): CandidateTable {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))].sort();
  const x = new Float64Array(rows.length * names.length);
  rows.forEach((r, i) => names.forEach((n, c) => (x[i * names.length + c] = r[n] ?? 0)));
  return {
    names,
    steps: rows.map((_, i) => i),
    agentOf: agents,
    stepIds: rows.map((_, i) => `s${i}`),
    agentNames: ["A", "B", "C"],
    x,
    kinds: ["worker", "worker", "worker"],
    candidates: rows.length,
    candidateAgents: new Set(agents).size,
    effectiveAgents: new Set(agents).size,
    activity: [1 / 3, 1 / 3, 1 / 3],
  };
}

function examples(n: number): Example[] {
  return Array.from({ length: n }, (_, k) => {
    const flagged = k % 3;
    const rows = [0, 1, 2].map((i) => ({ "det:toy": i === flagged ? 1 : 0, "pos:relative": i / 2 }));
    return { table: table(rows, [0, 1, 2]), goldRows: [flagged], goldStep: flagged };
  });
}

describe("learned ranker", () => {
  it("learns that a flagged step names the culprit, deterministically", () => {
    const groups = [examples(6), examples(9)];
    const w = fitRanker(groups);
    expect(w["det:toy"]).toBeGreaterThan(0);
    expect(fitRanker(groups)).toEqual(w);
    const model = fitModel(groups);
    const r = rank(examples(3)[2].table, model);
    expect(r.agents[0].agent).toBe(2);
    expect(r.confidence).toBeGreaterThan(0);
    expect(r.confidence).toBeLessThan(1);
  });
});

describe("confidence model", () => {
  it("is higher where the training verdicts were right", () => {
    const data = Array.from({ length: 40 }, (_, i) => ({
      features: { bias: 1, "rule:good": i % 2 },
      hit: i % 2 === 1 || i % 10 === 0,
      w: 1,
    }));
    const w = fitConfidence(data);
    expect(confidenceOf({ bias: 1, "rule:good": 1 }, w)).toBeGreaterThan(confidenceOf({ bias: 1, "rule:good": 0 }, w));
  });
  it("caps a prior", () => {
    expect(confidenceOf({ bias: 1, "flag:prior": 1 }, { bias: 5 })).toBe(0.5);
    // A flag is never a fitted weight, whatever its value in the training examples.
    const w = fitConfidence([{ features: { bias: 1, "flag:prior": 1 }, hit: true, w: 1 }]);
    expect(w["flag:prior"]).toBeUndefined();
  });
});
