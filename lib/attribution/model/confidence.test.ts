import { describe, expect, it } from "vitest";
import type { CandidateTable } from "./candidates";
import type { ParticipantKind } from "./participants";
import {
  CHANCE,
  chanceFloor,
  confidenceOf,
  fitConfidence,
  PRIOR_CAP,
  verdictFeatures,
  type ConfidenceExample,
} from "./confidence";

/** One candidate row per agent; the row of `named` is the decisive one, its agent doing `share` of the work. */
function team(kinds: ParticipantKind[], activity: number[], named: number, share = 0.3): CandidateTable {
  const names = ["agent:work-share", "rule:final"];
  const rows = kinds.map((_, a) => [a === named ? share : (1 - share) / (kinds.length - 1), a === named ? 1 : 0]);
  return {
    names,
    steps: rows.map((_, i) => i),
    agentOf: rows.map((_, i) => i),
    stepIds: rows.map((_, i) => `m${i}`),
    agentNames: kinds.map((_, i) => `crew${i}`),
    x: new Float64Array(rows.flat()),
    kinds,
    candidates: rows.length,
    candidateAgents: rows.length,
    effectiveAgents: 1 / activity.reduce((s, x) => s + x * x, 0),
    activity,
  };
}

const even = (k: number) => Array.from({ length: k }, () => 1 / k);
const workers = (k: number): ParticipantKind[] => Array.from({ length: k }, () => "worker");

describe("a prior's cap", () => {
  it("holds for a verdict whose step is no candidate row, once the decision says it was a prior", () => {
    const t = team(workers(2), [0.9, 0.1], 0);
    const strong = { bias: 12 };
    expect(confidenceOf(verdictFeatures(t, -1, 0), strong)).toBeGreaterThan(PRIOR_CAP);
    expect(confidenceOf(verdictFeatures({ ...t, priorVerdict: true }, -1, 0), strong)).toBeLessThanOrEqual(PRIOR_CAP);
  });
});

describe("confidence with a chance floor", () => {
  it("never states less than the chance of a guess, however weak the evidence term", () => {
    expect(confidenceOf({ bias: 1, [CHANCE]: 0.5 }, { bias: -12 })).toBeGreaterThanOrEqual(0.5);
    expect(confidenceOf({ bias: 1, [CHANCE]: 0.5 }, { bias: 12 })).toBeLessThanOrEqual(1);
  });

  it("a guess weighted by activity: Σ s², never above the named agent's own share", () => {
    const t = team(workers(2), [0.9, 0.1], 0);
    expect(chanceFloor(t, 0)).toBeCloseTo(0.82, 6);
    expect(chanceFloor(t, 1)).toBeCloseTo(0.1, 6);
    expect(chanceFloor(team(workers(4), even(4), 2), 2)).toBeCloseTo(0.25, 6);
  });

  it("the same evidence states more among two agents acting than among seven", () => {
    const w = { bias: 0.3, "run:effective-agents": -0.3 };
    const two = verdictFeatures(team(workers(2), even(2), 1), 1);
    const seven = verdictFeatures(team(workers(7), even(7), 1), 1);
    expect(confidenceOf(two, w)).toBeGreaterThan(confidenceOf(seven, w) + 0.2);
  });

  it("reads a coordinating role from the participant kind, and no role from a kind told from tools", () => {
    const kinds: ParticipantKind[] = ["orchestrator", "worker", "environment"];
    expect(verdictFeatures(team(kinds, even(3), 0), 0)["agent:not-worker"]).toBe(1);
    expect(verdictFeatures(team(kinds, even(3), 1), 1)["agent:not-worker"]).toBeUndefined();
    expect(verdictFeatures(team(kinds, even(3), 2), 2)["agent:not-worker"]).toBeUndefined();
  });

  it("a verdict resting on a finding the engine established itself is never stated below one in two", () => {
    // A coordinator among six agents acting equally, with weights that distrust coordinators.
    const w = { bias: 0.2, "agent:not-worker": -1.5, "run:effective-agents": -0.6 };
    const kinds: ParticipantKind[] = ["orchestrator", ...workers(5)];
    const plain = team(kinds, even(6), 0);
    expect(confidenceOf(verdictFeatures(plain, 0), w)).toBeLessThan(0.45);
    for (const finding of ["det:arithmetic-mismatch", "det:contradicts-source", "det:dropped-constraint"]) {
      const t = { ...plain, names: [...plain.names, finding] };
      t.x = new Float64Array(plain.agentOf.flatMap((_, r) => [plain.x[r * 2], plain.x[r * 2 + 1], r === 0 ? 0.75 : 0]));
      expect(confidenceOf(verdictFeatures(t, 0), w)).toBe(0.5);
    }
    // An unsourced value leaves a source the engine could not see open: no floor.
    const open = { ...plain, names: [...plain.names, "det:unsourced-value"] };
    open.x = new Float64Array(
      plain.agentOf.flatMap((_, r) => [plain.x[r * 2], plain.x[r * 2 + 1], r === 0 ? 0.75 : 0]),
    );
    expect(confidenceOf(verdictFeatures(open, 0), w)).toBeLessThan(0.45);
  });

  it("a verdict outside the candidates still gets its named agent's floor and role", () => {
    const t = team(["verifier", "worker", "worker"], [0.5, 0.25, 0.25], 1);
    const f = verdictFeatures(t, -1, 0);
    expect(f[CHANCE]).toBeCloseTo(0.375, 6);
    expect(f["agent:not-worker"]).toBe(1);
    expect(f["row:none"]).toBe(1);
  });
});

describe("fitting the evidence term under the floor", () => {
  /** Runs of two equally active agents right 3 in 4, runs of many agents right 1 in 2: the evidence is as good in both. */
  function sample(): ConfidenceExample[] {
    const out: ConfidenceExample[] = [];
    for (let i = 0; i < 40; i++) out.push({ features: { bias: 1, [CHANCE]: 0.5 }, hit: i % 4 !== 0, w: 1 });
    for (let i = 0; i < 40; i++) out.push({ features: { bias: 1, [CHANCE]: 0 }, hit: i % 2 === 0, w: 1 });
    return out;
  }

  it("separates what chance explains from what the evidence does", () => {
    const w = fitConfidence(sample());
    expect(Math.abs(w.bias ?? 0)).toBeLessThan(0.1);
    expect(confidenceOf({ bias: 1, [CHANCE]: 0.5 }, w)).toBeCloseTo(0.75, 1);
    expect(confidenceOf({ bias: 1, [CHANCE]: 0 }, w)).toBeCloseTo(0.5, 1);
    expect(fitConfidence(sample())).toEqual(w);
  });

  it("keeps a signed weight at 0 when the data push it the wrong way, and never fits the floor", () => {
    const data: ConfidenceExample[] = Array.from({ length: 40 }, (_, i) => ({
      features: { bias: 1, [CHANCE]: 0.2, ...(i % 2 ? { "agent:majority": 1 } : {}) },
      hit: i % 2 === 0,
      w: 1,
    }));
    const w = fitConfidence(data);
    expect(w["agent:majority"]).toBeUndefined();
    expect(w[CHANCE]).toBeUndefined();
    expect(fitConfidence(data, { signs: {} })["agent:majority"]).toBeLessThan(0);
  });

  it("learns nothing from a single-agent run, where the floor is certain", () => {
    const w = fitConfidence([{ features: { bias: 1, [CHANCE]: 1 }, hit: false, w: 1 }]);
    expect(w.bias).toBeUndefined();
    expect(confidenceOf({ bias: 1, [CHANCE]: 1 }, w)).toBe(1);
  });
});
