/**
 * Properties of the Shapley and Myerson computations that the seeds name and the first tests left
 * open (mutation testing found them unguarded): exact enumeration is used up to `exactMax`
 * inclusive and evaluates each coalition once; antithetic sampling pairs every permutation with its
 * reverse (so a two-player game is exact from one pair); the budget caps and the Hoeffding
 * half-width are what the report states; Myerson's restriction is efficient on every graph and lets
 * players communicate through fault-free connectors but never through absent players.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { graphRestricted, requiredPairs, shapleyValues, type CoalitionValue } from "./shapley";

const opts = { exactMax: 12, errorTarget: 0.05, delta: 0.05, maxPermutations: 4000, seed: 7, range: 1 };
const both: CoalitionValue = (m) => (m[0] && m[1] ? 1 : 0);
const counting = (v: CoalitionValue) => {
  const f = Object.assign((m: Uint8Array) => (f.calls++, v(m)), { calls: 0 });
  return f;
};

describe("Shapley: method, work and intervals", () => {
  it("no players: nothing to share and nothing evaluated", () => {
    const v = counting(() => 1);
    expect(shapleyValues(0, v, opts)).toEqual({ method: "exact", values: [], ci: [], samples: 0, halfWidth: 0 });
    expect(v.calls).toBe(0);
  });

  it("exact up to exactMax inclusive, each of the 2^n coalitions evaluated once, degenerate intervals", () => {
    const v = counting(both);
    const r = shapleyValues(4, v, { ...opts, exactMax: 4 });
    expect(r.method).toBe("exact");
    expect(v.calls).toBe(16);
    expect(r.ci).toEqual(r.values.map((x) => [x, x]));
    expect(shapleyValues(5, both, { ...opts, exactMax: 4 }).method).toBe("sampled");
  });

  it("antithetic pairs: one permutation and its reverse give a two-player game's exact values", () => {
    const r = shapleyValues(2, both, { ...opts, exactMax: 0, maxPermutations: 2 });
    expect(r.samples).toBe(2);
    expect(r.values).toEqual([0.5, 0.5]);
  });

  it("the permutation cap and the evaluation budget bound the work; the achieved half-width is reported", () => {
    const n = 6;
    const capped = shapleyValues(n, both, { ...opts, exactMax: 0, maxPermutations: 10 });
    expect(capped.samples).toBe(10);
    const v = counting(both);
    const budget = 7 * 2 * (n + 1) + 3; // room for 7 antithetic pairs, not 8
    const r = shapleyValues(n, v, { ...opts, exactMax: 0, maxEvaluations: budget });
    expect(r.samples).toBe(14);
    expect(v.calls).toBeLessThanOrEqual(budget);
    const halfWidth = 1 * Math.sqrt(Math.log((2 * n) / opts.delta) / (2 * 7));
    expect(r.halfWidth).toBeCloseTo(halfWidth, 12);
    expect(r.ci).toEqual(r.values.map((x) => [x - r.halfWidth, x + r.halfWidth]));
  });

  it("the Hoeffding count scales with the square of the marginal's range", () => {
    const base = { errorTarget: 0.05, delta: 0.05 };
    expect(requiredPairs(8, { ...base, range: 2 })).toBe(Math.ceil((4 * Math.log(320)) / 0.005));
    expect(requiredPairs(8, { ...base, range: 2 })).toBeGreaterThan(3 * requiredPairs(8, { ...base, range: 1 }));
  });
});

describe("Myerson (graph-restricted) values", () => {
  /** A random graph over n players plus k connectors, and a random monotone 0/1 game. */
  const arb = fc.integer({ min: 1, max: 6 }).chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.integer({ min: 0, max: 2 }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 10 }),
      fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 3 }), {
        minLength: 1,
        maxLength: 3,
      }),
    ),
  );

  it("are efficient on every graph: Σφ = v^G(N) − v^G(∅) (the seeds' Myerson efficiency)", () => {
    fc.assert(
      fc.property(arb, ([n, k, links, fixSets]) => {
        const nodes = n + k;
        const neighbours: number[][] = Array.from({ length: nodes }, () => []);
        for (const [a, b] of links) {
          const x = a % nodes;
          const y = b % nodes;
          if (x === y) continue;
          neighbours[x].push(y);
          neighbours[y].push(x);
        }
        const v: CoalitionValue = (m) => (fixSets.some((s) => s.every((p) => m[p])) ? 1 : 0);
        const g = graphRestricted(n, neighbours, v);
        const total = g(new Uint8Array(n).fill(1)) - g(new Uint8Array(n));
        const sum = shapleyValues(n, g, opts).values.reduce((s, x) => s + x, 0);
        expect(sum).toBeCloseTo(total, 9);
      }),
      { numRuns: 200, seed: 4 },
    );
  });

  it("players linked only through a fault-free connector (node n) communicate", () => {
    // 0 — 2 — 1, where node 2 is a connector, not a player.
    const g = graphRestricted(2, [[2], [2], [0, 1]], both);
    expect(g(Uint8Array.from([1, 1]))).toBe(1);
    expect(shapleyValues(2, g, opts).values).toEqual([0.5, 0.5]);
  });

  it("an absent player does not carry communication, nor join a component", () => {
    // 0 — 1 — 2: with 1 absent, 0 and 2 cannot combine; 1 alone does not bring 0's repair along.
    const needs02: CoalitionValue = (m) => (m[0] && m[2] ? 1 : 0);
    const g = graphRestricted(3, [[1], [0, 2], [1]], needs02);
    expect(g(Uint8Array.from([1, 0, 1]))).toBe(0);
    expect(g(Uint8Array.from([1, 1, 1]))).toBe(1);
    const g01 = graphRestricted(2, [[1], [0]], both);
    expect(g01(Uint8Array.from([1, 0]))).toBe(0);
  });
});
