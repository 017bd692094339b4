import { describe, expect, it } from "vitest";
import { mulberry32 } from "../prng";
import { wordsOf } from "./step-facts";

/** The definition of a word: what the ASCII fast path of `wordsOf` must reproduce exactly. */
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}._%$-]*/gu;
const reference = (text: string) => [...text.toLowerCase().matchAll(WORD_RE)].map((m) => m[0]);

describe("wordsOf", () => {
  it("reads the same words as the Unicode word pattern, on ASCII and non-ASCII text", () => {
    const rand = mulberry32(7);
    const chars = "aZq09 ._%$-'\n\t,;:!?()[]\"/@#*+=<>|~é";
    for (let t = 0; t < 3000; t++) {
      let s = "";
      for (let i = Math.floor(rand() * 50); i > 0; i--) s += chars[Math.floor(rand() * chars.length)];
      expect(wordsOf(s)).toEqual(reference(s));
    }
    expect(wordsOf("Total: $4.5% of A-B_c, naïve café")).toEqual(["total", "4.5%", "of", "a-b_c", "naïve", "café"]);
    expect(wordsOf("The $-sign .5 x")).toEqual(["the", "sign", "5", "x"]);
  });
  it("stops at 4000 words", () => {
    expect(wordsOf("w ".repeat(5000))).toHaveLength(4000);
  });
});
