/**
 * The single-pass text tests agree with the regexes they replaced on ordinary inputs (the regexes
 * stay here, as the specification, on short strings where their cost does not matter).
 */
import { describe, expect, it } from "vitest";
import { isBlank, isEmptyLiteral, openingSentence, trimChars, trimEndChars, trimmedHead } from "./linear-text";

const BLANK_OR_EMPTY_LITERAL = /^\s*(?:\[\s*\]|\{\s*\}|None|null|nil|set\(\)|''|"")?\s*$/i;

const SAMPLES = [
  "",
  " ",
  "\n\t ",
  "[]",
  " [ ] ",
  "[\n]",
  "{}",
  "{ \n }",
  "None",
  " none\n",
  "NULL",
  "nil",
  "set()",
  "''",
  '""',
  "[1]",
  "{a}",
  "[",
  "]",
  "x",
  "None None",
  "nothing",
  "set( )",
  "'a'",
  "[] []",
  "\u00a0[]\u3000",
];

describe("linear text tests", () => {
  it("isEmptyLiteral agrees with the blank-or-empty-literal regex", () => {
    for (const s of SAMPLES) expect(isEmptyLiteral(s), JSON.stringify(s)).toBe(BLANK_OR_EMPTY_LITERAL.test(s));
  });

  it("trimEndChars and trimChars agree with their regexes", () => {
    for (const s of ["a...", "a.!。", "...", "", "a", "a.b.", "1.500", "-_a_-", " .x. "]) {
      expect(trimEndChars(s, ".!。")).toBe(s.replace(/[.!。]+$/, ""));
      expect(trimChars(s, "_-. ")).toBe(s.replace(/^[_\-\s.]+|[_\-\s.]+$/g, ""));
    }
  });

  it("isBlank and trimmedHead agree with trim", () => {
    for (const s of SAMPLES) {
      expect(isBlank(s)).toBe(s.trim() === "");
      expect(trimmedHead(s, 1000)).toBe(s.trim());
      expect(trimmedHead(`  ${s}abcdef  `, 3)).toBe(`${s}abcdef`.trim().slice(0, 3));
    }
  });

  it("openingSentence agrees with the look-behind split, on every short text over its characters", () => {
    const split = (t: string) => t.split(/(?<=[.!?])\s|\n/, 1)[0];
    // Every text of up to four characters from these (a break, sentence ends, spaces of every kind).
    const chars = ["a", "B", " ", ".", "!", "?", "\n", "\r", "\t", "\u00a0", "\u2028", "\ufeff", "3"];
    let texts = [""];
    for (let len = 1; len <= 4; len++) {
      texts = texts.flatMap((t) => (t.length === len - 1 ? chars.map((c) => t + c) : [t]));
      for (const t of texts) expect(openingSentence(t), JSON.stringify(t)).toBe(split(t));
    }
    expect(openingSentence("Yes. The plot is certified.")).toBe("Yes.");
    expect(openingSentence("I put forward Quay Seven!\nThen more")).toBe("I put forward Quay Seven!");
    expect(openingSentence("No full stop here")).toBe("No full stop here");
  });

  it("stays fast on a megabyte of blanks", () => {
    const blanks = `${" ".repeat(1_000_000)}x`;
    const t0 = performance.now();
    expect(isEmptyLiteral(blanks)).toBe(false);
    expect(isEmptyLiteral(`[${blanks.slice(0, -1)}]`)).toBe(true);
    expect(trimEndChars(`${"x".repeat(10)}${".".repeat(1_000_000)}`, ".")).toBe("x".repeat(10));
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});
