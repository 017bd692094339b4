import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  claimPart,
  commaDecimalNumbers,
  extractNumbers,
  jaccard,
  jaccardAtLeast,
  textFeatures,
  tokenize,
} from "./text-features";

/** The specification the char-code scanner implements. */
const byRegex = (text: string) => [...text.toLowerCase().matchAll(/[a-z0-9][a-z0-9_'-]{2,}/g)].map((m) => m[0]);

describe("tokenize", () => {
  it("finds exactly the regex tokens (minus stopwords)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."ab1_-' .XzÉ9\n".split("")), maxLength: 60 }), (text) => {
        // A regex token is kept unless it is a stopword (a word that alone tokenizes to nothing).
        const expected = [...new Set(byRegex(text).filter((t) => tokenize(t).has(t)))];
        expect([...tokenize(text)]).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
  it("drops stopwords and short words", () => {
    expect([...tokenize("The total is 4821 for all rows_x -abc")]).toEqual(["total", "4821", "rows_x", "abc"]);
  });
});

describe("extractNumbers and claimPart", () => {
  it("normalizes numbers and skips digit-free text", () => {
    expect(extractNumbers("sold 1,200.50 units and 7")).toEqual(["1200.5", "7"]);
    expect(extractNumbers("no digits here")).toEqual([]);
  });
  it("separates an agent's claim from the observation it quotes, at the offset the importer marked", () => {
    const text = "I clicked 'Prices'. The total is 52.\n\nThe page shows 1999.";
    const at = text.indexOf("The page");
    expect(claimPart(text, at)).toBe("I clicked 'Prices'. The total is 52.\n\n");
    expect(textFeatures(text, at).claimNumbers).toEqual(["52"]);
    // Without a mark the whole text is the author's, whatever it says: no phrasing is recognized here.
    expect(claimPart("The answer is 4.\nHere is a screenshot of 1999.")).toBe(
      "The answer is 4.\nHere is a screenshot of 1999.",
    );
    expect(textFeatures(text).claimNumbers).toEqual(["52", "1999"]);
  });
});

describe("amounts written with a decimal comma", () => {
  it("reads them whole, grouped by spaces or dots or not at all", () => {
    expect(commaDecimalNumbers("Gross worth $ 7 318,46, VAT 665,31")).toEqual(["7318.46", "318.46", "665.31"]);
    expect(commaDecimalNumbers("Preis: 2.907,50 EUR")).toEqual(["2907.5"]);
    expect(commaDecimalNumbers("Total\u00a012\u202f450,08")).toEqual(["12450.08", "450.08"]);
  });
  it("stays linear on a long run of digit groups that ends in no amount", () => {
    // A match may start after any space: unbounded groups read the run again from each of them.
    // Linear code takes about 10 times as long on 10 times the text, quadratic code about 100.
    const run = (n: number) => `1${" 234".repeat(n)},23x`;
    const time = (text: string) => {
      const t0 = performance.now();
      for (let k = 0; k < 10; k++) commaDecimalNumbers(text);
      return performance.now() - t0;
    };
    const small = run(450);
    const big = run(4_500);
    const slow = () => {
      const tSmall = time(small);
      const tBig = time(big);
      return tBig > 50 && tBig > 30 * Math.max(tSmall, 1);
    };
    expect(slow() && slow()).toBe(false);
  });
  it("leaves lists, pairs, English thousands and pieces of words alone", () => {
    for (const text of ["[1,10]", "(0,25)", "3,45,6", "2,7", "1,234", "x1,23", "v1.2,34", "id_4,56", "7,891.25"])
      expect(commaDecimalNumbers(text), text).toEqual([]);
  });
});

describe("quoted text is not a claim", () => {
  it("drops numbers inside short quotes from the claim numbers, keeps prose and apostrophes", () => {
    const f = textFeatures("I typed 'mill 1832' into '0 characters out of 2000'. It's founded in 1794, isn't it?");
    expect(f.claimNumbers).toEqual(["1794"]);
    expect(f.allNumbers).toEqual(["1832", "0", "2000", "1794"]);
  });
});

describe("claimed numbers", () => {
  it("leave out the digits of links and file paths: they are part of a name, not quantities", () => {
    const f = textFeatures(
      "The file ../2023/validation/df65-4540.png and https://example.org/items/7731 show 418 red dots.",
    );
    expect(f.claimNumbers).toEqual(["418"]);
    // Seen numbers keep them: a later step quoting the path's digits has seen them.
    expect(f.allNumbers).toEqual(expect.arrayContaining(["4540", "7731", "418"]));
  });
});

describe("jaccardAtLeast", () => {
  it("is exactly jaccard(a, b) >= t, for every pair of sets and threshold (early exits never change the answer)", () => {
    const set = fc.uniqueArray(fc.constantFrom(..."abcdefghijkl"), { maxLength: 12 }).map((xs) => new Set(xs));
    const t = fc.oneof(fc.constantFrom(0, 0.5, 0.6, 0.8, 0.9, 1), fc.double({ min: -0.5, max: 1.5, noNaN: true }));
    fc.assert(
      fc.property(set, set, t, (a, b, th) => {
        expect(jaccardAtLeast(a, b, th)).toBe(jaccard(a, b) >= th);
      }),
      { numRuns: 2000, seed: 3 },
    );
  });

  it("at the threshold itself: 9 of 10 shared tokens is ≥ 0.9 only when both sets have those 9 plus one (9/11 < 0.9)", () => {
    const nine = "abcdefghi".split("");
    expect(jaccardAtLeast(new Set(nine), new Set([...nine, "j"]), 0.9)).toBe(true);
    expect(jaccardAtLeast(new Set([...nine, "x"]), new Set([...nine, "j"]), 0.9)).toBe(false);
  });
});
