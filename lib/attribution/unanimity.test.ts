import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { vetoCarrier } from "./unanimity";
import { shapleyValues, type CoalitionValue } from "./shapley";

const opts = { exactMax: 12, errorTarget: 0.05, delta: 0.05, maxPermutations: 4000, seed: 7, range: 1 };
/** Monotone 0/1 game: success iff the coalition covers one of the fix sets. */
const game =
  (fixSets: number[][]): CoalitionValue =>
  (m) =>
    fixSets.some((s) => s.every((p) => m[p])) ? 1 : 0;

describe("vetoCarrier", () => {
  it("finds the carrier of a unanimity game", () => {
    expect(vetoCarrier(5, game([[1, 3, 4]]))).toEqual([1, 3, 4]);
  });
  it("rejects games that are not unanimity games", () => {
    expect(vetoCarrier(3, game([[0], [1]]))).toBeNull();
    expect(
      vetoCarrier(
        3,
        game([
          [0, 1],
          [0, 2],
        ]),
      ),
    ).toBeNull();
  });
  it("whenever it answers, 1/|T| on T is the exact Shapley value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }).chain((n) =>
          fc.tuple(
            fc.constant(n),
            fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 4 }), {
              minLength: 1,
              maxLength: 3,
            }),
          ),
        ),
        ([n, sets]) => {
          const v = game(sets);
          const carrier = vetoCarrier(n, v);
          if (!carrier) return;
          const exact = shapleyValues(n, v, opts).values;
          for (let p = 0; p < n; p++) expect(exact[p]).toBeCloseTo(carrier.includes(p) ? 1 / carrier.length : 0, 9);
        },
      ),
    );
  });
});
