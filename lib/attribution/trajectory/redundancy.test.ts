/**
 * The near-duplicate scan (sketch candidates, a merge that stops early) against its definition:
 * a message is a near-duplicate when its word-trigram set has Jaccard ≥ 0.8 with an earlier
 * message's. On short messages (≤ 12 words, so ≤ 10 trigrams) the 4-hash sketch is exact by the
 * prefix-filter argument (two sets with Jaccard ≥ 0.8 share one of their ⌈0.2·|A|⌉ + 1 ≤ 4 smallest
 * elements), and with at most 8 messages the candidate cap never binds: the scan must agree with
 * brute force exactly. Also: the first-use novelty counts a word repeated inside one message as new.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZTrace } from "../../trace/schema";
import { redundancyFacts } from "./redundancy";
import { stepFacts, wordsOf } from "./step-facts";

const run = (texts: string[], agents?: string[]) =>
  ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(agents ?? ["A"])].map((name) => ({ name })),
    steps: texts.map((content, i) => ({ id: `s${i}`, agent: agents?.[i] ?? "A", kind: "message", content })),
  });

function trigrams(text: string): Set<string> {
  const w = wordsOf(text);
  if (w.length < 3) return new Set([w.join(" ")]);
  return new Set(w.slice(2).map((_, k) => w.slice(k, k + 3).join(" ")));
}

function bruteForceDuplicates(texts: string[]): number[] {
  const sets = texts.map(trigrams);
  return texts.map((t, i) => {
    if (wordsOf(t).length === 0) return 0;
    for (let j = 0; j < i; j++) {
      if (wordsOf(texts[j]).length === 0) continue;
      let shared = 0;
      for (const x of sets[i]) if (sets[j].has(x)) shared++;
      if (shared / (sets[i].size + sets[j].size - shared) >= 0.8) return 1;
    }
    return 0;
  });
}

describe("redundancy: near-duplicate messages", () => {
  it("agrees with brute-force trigram Jaccard on short messages (random texts over a tiny vocabulary)", () => {
    const word = fc.constantFrom("alpha", "beta", "gamma", "delta", "eps");
    const text = fc.array(word, { minLength: 0, maxLength: 12 }).map((w) => w.join(" "));
    // Copies with one word changed sit right around the 0.8 threshold.
    const texts = fc
      .tuple(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), word), { maxLength: 4 }),
      )
      .map(([base, edits]) => [
        ...base,
        ...edits.map(([which, at, w]) => {
          const words = base[which % base.length].split(" ").filter(Boolean);
          if (words.length) words[at % words.length] = w;
          return words.join(" ");
        }),
      ]);
    fc.assert(
      fc.property(texts, (ts) => {
        const t = run(ts);
        expect([...redundancyFacts(t, stepFacts(t)).duplicate]).toEqual(bruteForceDuplicates(ts));
      }),
      { numRuns: 300, seed: 10 },
    );
  });

  it("a long message differing in one of 20 trigrams is a duplicate; one differing in five is not", () => {
    const base = Array.from({ length: 22 }, (_, i) => `w${i}`);
    const oneOff = [...base.slice(0, 21), "x"];
    const fiveOff = [...base.slice(0, 17), "x1", "x2", "x3", "x4", "x5"];
    const t = run([base.join(" "), oneOff.join(" "), fiveOff.join(" ")]);
    // one off: 19 of 21 distinct trigrams shared → 19/21 ≥ 0.8; five off: 15/(20+20−15) = 0.6.
    expect([...redundancyFacts(t, stepFacts(t)).duplicate]).toEqual([0, 1, 0]);
  });
});

describe("redundancy: loops read novelty per message", () => {
  it("a word new to the run counts as new at each of its uses in that message", () => {
    const old = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen";
    // Each reply: 15 known words and one new word written 5 times → novelty 5/20 = 0.25 ≥ 0.2: no loop.
    // (Counting the new word once would give 1/20 and a loop.)
    const texts = [old, ...["a", "b", "c", "d"].map((w) => `${old} ${Array(5).fill(w).join(" ")}`)];
    const t = run(texts, ["A", "B", "A", "B", "A"]);
    expect(redundancyFacts(t, stepFacts(t)).loops).toBe(0);
  });

  it("replies that repeat earlier words are a loop", () => {
    const texts = [
      "check the total please",
      "check the total",
      "the total please",
      "check the total",
      "total please check",
    ];
    const t = run(texts, ["A", "B", "A", "B", "A"]);
    const r = redundancyFacts(t, stepFacts(t));
    expect(r.loops).toBe(1);
    expect(r.loopStepIds).toEqual(["s0", "s1", "s2", "s3", "s4"]);
  });
});
