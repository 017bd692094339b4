import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { graphRestricted, leaveOneOut, requiredPairs, shapleyValues, type CoalitionValue } from "./shapley";

const opts = { exactMax: 12, errorTarget: 0.05, delta: 0.05, maxPermutations: 4000, seed: 7, range: 1 };

/** A random monotone 0/1 game: success iff the coalition covers one of the given "fix sets". */
const monotoneGame =
  (n: number, fixSets: number[][]): CoalitionValue =>
  (m) =>
    fixSets.some((s) => s.every((p) => m[p % n])) ? 1 : 0;

const gameArb = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 3 }), {
      minLength: 1,
      maxLength: 4,
    }),
  ),
);

describe("shapleyValues", () => {
  it("exact values are efficient: Σφ = v(N) − v(∅)", () => {
    fc.assert(
      fc.property(gameArb, ([n, sets]) => {
        const v = monotoneGame(n, sets);
        const r = shapleyValues(n, v, opts);
        const total = v(new Uint8Array(n).fill(1)) - v(new Uint8Array(n));
        expect(r.values.reduce((s, x) => s + x, 0)).toBeCloseTo(total, 9);
      }),
    );
  });

  it("sampled values are exactly efficient and close to exact", () => {
    fc.assert(
      fc.property(gameArb, ([n, sets]) => {
        const v = monotoneGame(n, sets);
        const exact = shapleyValues(n, v, opts);
        const sampled = shapleyValues(n, v, { ...opts, exactMax: 0, maxPermutations: 600 });
        expect(sampled.method).toBe("sampled");
        const total = v(new Uint8Array(n).fill(1)) - v(new Uint8Array(n));
        expect(sampled.values.reduce((s, x) => s + x, 0)).toBeCloseTo(total, 9);
        sampled.values.forEach((x, i) =>
          expect(Math.abs(x - exact.values[i])).toBeLessThanOrEqual(sampled.halfWidth + 1e-9),
        );
      }),
      { numRuns: 30 },
    );
  });

  it("symmetric players get equal values and null players get zero", () => {
    const v: CoalitionValue = (m) => (m[0] && m[1] ? 1 : 0);
    const r = shapleyValues(3, v, opts);
    expect(r.values[0]).toBeCloseTo(0.5, 12);
    expect(r.values[1]).toBeCloseTo(0.5, 12);
    expect(r.values[2]).toBe(0);
  });

  it("sample count follows Hoeffding with a union bound", () => {
    expect(requiredPairs(8, { errorTarget: 0.05, delta: 0.05, range: 1 })).toBe(Math.ceil(Math.log(320) / 0.005));
  });

  it("is deterministic for a seed", () => {
    const v = monotoneGame(15, [[1, 3], [4], [7, 9, 11]]);
    const a = shapleyValues(15, v, opts);
    const b = shapleyValues(15, v, opts);
    expect(a).toEqual(b);
  });
});

describe("Myerson and leave-one-out", () => {
  it("Myerson gives nothing to a coalition member with no link to the others", () => {
    // Players 0 and 1 must both be repaired, but they cannot talk: the graph-restricted game is 0 everywhere.
    const v: CoalitionValue = (m) => (m[0] && m[1] ? 1 : 0);
    const apart = graphRestricted(2, [[], []], v);
    expect(shapleyValues(2, apart, opts).values).toEqual([0, 0]);
    const linked = graphRestricted(2, [[1], [0]], v);
    expect(shapleyValues(2, linked, opts).values).toEqual([0.5, 0.5]);
  });

  it("leave-one-out is v(N) − v(N∖i)", () => {
    const v: CoalitionValue = (m) => (m[0] || m[1] ? 1 : 0);
    expect(leaveOneOut(3, v)).toEqual([0, 0, 0]);
    const w: CoalitionValue = (m) => (m[0] ? 1 : 0);
    expect(leaveOneOut(2, w)).toEqual([1, 0]);
  });
});
