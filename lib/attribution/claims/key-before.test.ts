/**
 * `keyBefore` rules a window out by reading a few characters back before trying KEY_BEFORE_RE (which
 * is tried at every start): on every short text over the characters that matter, it gives what the
 * expression alone gives.
 */
import { describe, expect, it } from "vitest";
import { KEY_BEFORE_RE, keyBefore, labelWords } from "./extract-claims";

const byPattern = (text: string) => {
  const m = KEY_BEFORE_RE.exec(text.slice(Math.max(0, text.length - 48)));
  return m ? labelWords(m[1]) : "";
};

describe("keyBefore", () => {
  it("agrees with the expression on every text of up to four of these characters after a word", () => {
    const chars = ["a", "Z", "_", "-", " ", "\t", "\u00a0", ":", "=", "$", "€", "£", '"', "'", "1", ",", "+"];
    let tails = [""];
    const differ: string[] = [];
    for (let len = 1; len <= 4; len++) {
      tails = tails.flatMap((t) => (t.length === len - 1 ? chars.map((c) => t + c) : [t]));
      for (const tail of tails)
        for (const text of [`count${tail}`, `price is${tail}`, tail])
          if (keyBefore(text, text.length) !== byPattern(text)) differ.push(text);
    }
    expect(differ).toEqual([]);
  });

  it("reads labels after a closing quote, a currency sign or a trailing underscore", () => {
    expect(keyBefore("total_: 42", 8)).toBe("total");
    expect(keyBefore('"unit_price": 42', 14)).toBe("unit price");
    expect(keyBefore("Harbour fee is £ 42", 17)).toBe("harbour fee");
    expect(keyBefore("12 + 42", 5)).toBe("");
  });
});
