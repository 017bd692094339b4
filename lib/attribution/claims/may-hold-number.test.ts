/**
 * A number's digits as a test of whether a text can hold it: never "no" for a number the text's
 * values hold (checked over many writings of numbers), "no" for an absent one.
 */
import { describe, expect, it } from "vitest";
import { mayHoldNumber } from "./may-hold-number";
import { extractUnlabelledClaims } from "./extract-claims";
import { valuesAtHand } from "./at-hand-values";
import { mulberry32 } from "../prng";

/** The number values a step's input puts at hand, as provenance reads them (claims and values at hand). */
function numberValues(text: string): string[] {
  const claims = extractUnlabelledClaims(text);
  const out = claims.map((c) => c.value);
  valuesAtHand(text, claims, false, (x) => out.push(x));
  return out.filter((x) => x.startsWith("n:")).map((x) => x.slice(2));
}

describe("mayHoldNumber", () => {
  it("says no only for digits the text does not show", () => {
    expect(mayHoldNumber("Add 57 + 23", "80")).toBe(false);
    expect(mayHoldNumber("Add 57 + 23", "57")).toBe(true);
    expect(mayHoldNumber("a refund of -5 dollars", "-5")).toBe(true);
    expect(mayHoldNumber("order 007 shipped", "7")).toBe(true);
    expect(mayHoldNumber("costs 80.50 in all", "80.5")).toBe(true);
  });

  it("reads in full a text with thousands commas, an exponent or a float printed in full", () => {
    expect(mayHoldNumber("total 1,234 units", "1234")).toBe(true);
    expect(mayHoldNumber("loss 8.0e+1 units", "80")).toBe(true);
    expect(mayHoldNumber("x = 0.29999999999999998", "0.3")).toBe(true);
    expect(mayHoldNumber("id 123456789012345678", "123456789012345680")).toBe(true);
    expect(mayHoldNumber("ratio 0.12345678999", "0.12345679")).toBe(true);
    expect(mayHoldNumber("nothing here", "1e-7")).toBe(true);
  });

  it("never rules out a number the text's values hold, however it is written", () => {
    const rand = mulberry32(23);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
    const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(rand() * 10))).join("");
    const writings: (() => string)[] = [
      () => digits(1 + Math.floor(rand() * 6)),
      () => `-${digits(1 + Math.floor(rand() * 4))}`,
      () => `${digits(1 + Math.floor(rand() * 3))}.${digits(1 + Math.floor(rand() * 4))}`,
      () => `${digits(1 + Math.floor(rand() * 2))}.${digits(2)}0`,
      () => `0${digits(2)}`,
      () => `${1 + Math.floor(rand() * 9)},${digits(3)},${digits(3)}`,
      () => `$${digits(3)}.${digits(2)}`,
      () => `${digits(2)}%`,
      () => `${1 + Math.floor(rand() * 9)}.${digits(2)}e${pick(["+", "-"])}${1 + Math.floor(rand() * 30)}`,
      () => `0.${digits(16)}`,
      () => `0.${digits(11 + Math.floor(rand() * 3))}`,
      () => `${1 + Math.floor(rand() * 9)}${digits(17)}`,
      () => `user_${digits(5)}`,
      () => `see arxiv.org/abs/${digits(4)}.${digits(5)}`,
      () => `${digits(1)}.${digits(2)}.${digits(1)}`,
    ];
    let checked = 0;
    for (let k = 0; k < 3000; k++) {
      const text = Array.from(
        { length: 1 + Math.floor(rand() * 4) },
        () => `${pick(["is", "of", "and"])} ${pick(writings)()}`,
      ).join(" ");
      for (const x of numberValues(text)) {
        checked++;
        expect(mayHoldNumber(text, x), `${x} in ${text}`).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(3000);
  });
});
