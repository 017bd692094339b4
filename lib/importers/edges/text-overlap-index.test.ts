import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { TextOverlapIndex } from "./text-overlap-index";
import { shingleAt, shingleHashes, writeShingles } from "./shingles";

/**
 * Brute force over the same shingles: what the index must answer. The query size counts shingles
 * found in no output once per occurrence (the index does not de-duplicate those), the others once.
 */
function naiveQuery(outputs: string[], text: string, minShared: number) {
  const query = shingleHashes(text);
  const indexed = new Set(outputs.flatMap((out) => [...shingleHashes(out)]));
  const n = writeShingles(text);
  let querySize = 0;
  for (let i = 0; i < n; i++) if (!indexed.has(shingleAt(i))) querySize++;
  for (const h of query) if (indexed.has(h)) querySize++;
  const matches = outputs
    .map((out, index) => {
      const own = shingleHashes(out);
      let shared = 0;
      for (const h of query) if (own.has(h)) shared++;
      return { index, shared, score: shared / Math.min(own.size || shared, querySize) };
    })
    .filter((m) => m.shared >= minShared && m.shared > 0);
  return matches.sort((a, b) => b.score - a.score || b.index - a.index);
}

const WORDS = ["red", "green", "blue", "cat", "dog", "sun", "moon", "tree", "Rock", "x1"];
// Few words, so shingles repeat within and across texts.
const textArb = fc.array(fc.constantFrom(...WORDS.slice(0, 4)), { maxLength: 40 }).map((w) => w.join(" "));

describe("TextOverlapIndex", () => {
  it("finds exactly the earlier outputs that share shingles, with brute-force counts and scores", () => {
    fc.assert(
      fc.property(
        fc.array(textArb, { minLength: 1, maxLength: 12 }),
        textArb,
        fc.nat(3),
        (outputs, query, expected) => {
          // Tiny presize so the table also grows during the test.
          const index = new TextOverlapIndex(0, expected);
          outputs.forEach((out, i) => index.add(i, out));
          expect(index.query(query, () => true, 1)).toEqual(naiveQuery(outputs, query, 1));
        },
      ),
      { numRuns: 300, seed: 5 },
    );
  });

  it("honours the accept filter and the minimum shared count", () => {
    const index = new TextOverlapIndex(0);
    index.add(0, "the quick brown fox jumps over the lazy dog");
    index.add(1, "a quick brown fox jumps high");
    const all = index.query("the quick brown fox jumps over", () => true, 1);
    expect(all.map((m) => m.index)).toEqual([0, 1]);
    expect(index.query("the quick brown fox jumps over", (i) => i !== 0, 1).map((m) => m.index)).toEqual([1]);
    expect(index.query("the quick brown fox jumps over", () => true, 3).map((m) => m.index)).toEqual([0]);
    expect(index.query("nothing in common here at all", () => true, 1)).toEqual([]);
  });
});
