import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { alignSequences, type AlignedPair } from "./align-sequences";

/** Textbook O(n·m) edit distance, the reference every solver path must agree with. */
function naiveCost(n: number, m: number, sub: (i: number, j: number) => number, indel: number): number {
  const d = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j * indel : j === 0 ? i * indel : 0)),
  );
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      d[i][j] = Math.min(d[i - 1][j - 1] + sub(i - 1, j - 1), d[i - 1][j] + indel, d[i][j - 1] + indel);
  return d[n][m];
}

function charCosts(a: string, b: string) {
  return {
    indel: 2,
    substitute: (i: number, j: number) => (a[i] === b[j] ? 0 : a[i].toLowerCase() === b[j].toLowerCase() ? 1 : 4),
  };
}

/** Every index appears exactly once, in order, on each side. */
function expectValidPath(pairs: AlignedPair[], n: number, m: number) {
  expect(pairs.filter((p) => p.a >= 0).map((p) => p.a)).toEqual([...Array(n).keys()]);
  expect(pairs.filter((p) => p.b >= 0).map((p) => p.b)).toEqual([...Array(m).keys()]);
}

describe("alignSequences", () => {
  it("pairs identical sequences one to one at zero cost", () => {
    const r = alignSequences(5, 5, charCosts("abcde", "abcde"));
    expect(r.pairs).toEqual([0, 1, 2, 3, 4].map((i) => ({ a: i, b: i })));
    expect(r.cost).toBe(0);
  });

  it("finds an inserted element", () => {
    const r = alignSequences(4, 5, charCosts("abcd", "abXcd"));
    expect(r.pairs).toEqual([
      { a: 0, b: 0 },
      { a: 1, b: 1 },
      { a: -1, b: 2 },
      { a: 2, b: 3 },
      { a: 3, b: 4 },
    ]);
    expect(r.cost).toBe(2);
  });

  it("handles empty sides", () => {
    expect(alignSequences(0, 2, charCosts("", "ab")).pairs).toEqual([
      { a: -1, b: 0 },
      { a: -1, b: 1 },
    ]);
    expect(alignSequences(0, 0, charCosts("", "")).pairs).toEqual([]);
  });

  it("rejects a non-positive indel cost", () => {
    expect(() => alignSequences(1, 1, { indel: 0, substitute: () => 0 })).toThrow(/indel/);
  });

  const solverSettings = [
    { name: "banded", options: { initialBand: 1 } },
    { name: "hirschberg", options: { maxBandCells: 1, baseCells: 4 } },
  ] as const;
  for (const { name, options } of solverSettings) {
    it(`${name}: reaches the optimal cost on random sequences, with a valid path`, () => {
      fc.assert(
        fc.property(
          fc.string({ unit: fc.constantFrom("a", "b", "A", "c"), maxLength: 30 }),
          fc.string({ unit: fc.constantFrom("a", "b", "B", "c"), maxLength: 30 }),
          (a, b) => {
            const costs = charCosts(a, b);
            const r = alignSequences(a.length, b.length, costs, options);
            expect(r.cost).toBe(naiveCost(a.length, b.length, costs.substitute, costs.indel));
            expectValidPath(r.pairs, a.length, b.length);
            let cost = 0;
            for (const p of r.pairs) cost += p.a >= 0 && p.b >= 0 ? costs.substitute(p.a, p.b) : costs.indel;
            expect(cost).toBe(r.cost);
          },
        ),
        { numRuns: 300, seed: 7 },
      );
    });
  }

  it("uses Hirschberg when the band would be too large, and the band when runs are similar", () => {
    const a = "ab".repeat(50);
    const b = "ba".repeat(50);
    expect(alignSequences(a.length, b.length, charCosts(a, b), { maxBandCells: 10, baseCells: 16 }).method).toBe(
      "hirschberg",
    );
    const c = "abc".repeat(100);
    const d = c.slice(0, 150) + "X" + c.slice(150);
    expect(alignSequences(c.length, d.length, charCosts(c, d)).method).toBe("trivial");
    const e = "X" + c.slice(0, 150) + "Y" + c.slice(150) + "Z";
    expect(alignSequences(c.length, e.length, charCosts(c, e)).method).toBe("banded");
  });
});

describe("alignSequences with groups", () => {
  it("never pairs elements of different groups, and stays optimal", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 25 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 25 }),
        (a, b) => {
          const groupsA = Int32Array.from(a, (x) => x % 2);
          const groupsB = Int32Array.from(b, (x) => x % 2);
          const substitute = (i: number, j: number) => (groupsA[i] !== groupsB[j] ? 1000 : a[i] === b[j] ? 0 : 3);
          const r = alignSequences(
            a.length,
            b.length,
            { indel: 2, substitute, groupsA, groupsB },
            { initialBand: 1, baseCells: 9, maxBandCells: 60 },
          );
          for (const p of r.pairs) if (p.a >= 0 && p.b >= 0) expect(groupsA[p.a]).toBe(groupsB[p.b]);
          expect(r.cost).toBe(naiveCost(a.length, b.length, substitute, 2));
        },
      ),
      { numRuns: 300, seed: 11 },
    );
  });
});
