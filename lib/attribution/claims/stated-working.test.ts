/**
 * Stated workings as people write them: a result after a currency sign or code ("= €985.70",
 * "= USD 12"), and a result written right before its parenthesised working ("$1,543.26 (629.08 +
 * 914.18)"). Both are computations whose operands the result rests on, and both are checked.
 */
import { describe, expect, it } from "vitest";
import { arithmeticSlips, statedComputations } from "./arithmetic";

describe("stated workings", () => {
  it("read an operation written in words, with a unit after its first number", () => {
    expect(arithmeticSlips("Thus, 420 feet divided by 3 equals 150 yards.")).toMatchObject([
      { expression: "420 / 3", stated: 150, actual: 140 },
    ]);
    expect(arithmeticSlips("12 times 7.5 equals 95.")).toMatchObject([{ stated: 95, actual: 90 }]);
    expect(arithmeticSlips("4821 plus 313 gives 5100. Then 90 minus 15 gives 70.")).toHaveLength(2);
    // Near misses: a working that recomputes, a count that is no operation, a result word after a unit.
    expect(arithmeticSlips("A pallet of 40 crates multiplied by 6 jars gives 250 jars.")).toEqual([]);
    expect(arithmeticSlips("Thus, 420 feet divided by 3 equals 140 yards.")).toEqual([]);
    expect(arithmeticSlips("She ran 3 times 4 days a week.")).toEqual([]);
    expect(arithmeticSlips("In 2021 minus 2 years equals 2019.")).toEqual([]);
  });

  it("read every operator a working may use, as a sign or as a word", () => {
    const workings = ["6 + 7", "50 - 7", "6 * 7", "84 / 2", "6 × 7", "84 ÷ 2", "6 x 7", "6 times 7", "6 plus 7"];
    for (const w of [...workings, "50 minus 7", "84 divided by 2", "6 multiplied by 7"])
      expect(arithmeticSlips(`${w} equals 41.`), w).toHaveLength(1);
    // No sign and no operator word: nothing to compute.
    expect(arithmeticSlips("6 and 7 equals 41.")).toEqual([]);
  });

  it("read a result after a currency sign or code", () => {
    expect(statedComputations("Adding up: 412.50 + 87.25 = €499.75.")).toEqual([
      { result: 499.75, operands: [412.5, 87.25] },
    ]);
    expect(statedComputations("So 12 + 30 = USD 42 in all.")).toEqual([{ result: 42, operands: [12, 30] }]);
    expect(arithmeticSlips("Adding up: 412.50 + 87.25 = €509.75.")).toHaveLength(1);
    // Words that state a result as "=" does; "is" only after a spaced working with an operator other than minus.
    expect(arithmeticSlips("2.34 + 1.60 gives 3.74 arcsec in total.")).toHaveLength(1);
    expect(arithmeticSlips("0.57 + 1.27 comes to 2.04 arcsec.")).toHaveLength(1);
    expect(arithmeticSlips("2.34 + 1.60 gives 3.94 arcsec in total.")).toEqual([]);
    // After a result word too, a currency sign or code may stand before the result.
    expect(arithmeticSlips("412.50 + 87.25 gives EUR 519.75 in total.")).toMatchObject([{ stated: 519.75 }]);
    expect(arithmeticSlips("412.50 + 87.25 gives €519.75 in total.")).toMatchObject([{ stated: 519.75 }]);
    expect(arithmeticSlips("Together 412.50 + 87.25 is EUR 519.75.")).toMatchObject([{ stated: 519.75 }]);
    expect(arithmeticSlips("412.50 + 87.25 gives EUR 499.75 in total.")).toEqual([]);
    // Operands with a currency sign each are a working too, with its result stated before "=", in
    // words, or before its parenthesis (an amount, not the count written last before it).
    expect(arithmeticSlips("£412.50 + £87.25 = £519.75")).toMatchObject([{ stated: 519.75, actual: 499.75 }]);
    expect(arithmeticSlips("$5 + $7 is $13.")).toMatchObject([{ stated: 13, actual: 12 }]);
    expect(arithmeticSlips("Total: £519.75 (£412.50 + £87.25)")).toMatchObject([{ stated: 519.75 }]);
    expect(arithmeticSlips("Total: $ 519.75 ($412.50 + $87.25)")).toMatchObject([{ stated: 519.75 }]);
    expect(arithmeticSlips("It costs $1,208 for 2 seats ($604 x 2).")).toEqual([]);
    expect(arithmeticSlips("It costs $1,300 for 2 seats ($604 x 2).")).toEqual([]);
    // Unlabelled, a money expression is not read: "1 * $64.00" beside a price list restates it.
    expect(statedComputations("Child pass: $64.00. Cost: 1 * $64.00").map((c) => c.result)).toEqual([]);
    expect(arithmeticSlips("£412.50 + £87.25 = £499.75; total £499.75 (£412.50 + £87.25).")).toEqual([]);
    expect(arithmeticSlips("The cut-off 2024-05-01 is 3 days away.")).toEqual([]);
    expect(arithmeticSlips("Together 41.2 + 18.5 + 9.9 is 70.6 kg.")).toMatchObject([{ stated: 70.6 }]);
    expect(arithmeticSlips("Per crate 6 × 24 was 124 jars.")).toMatchObject([{ stated: 124, actual: 144 }]);
    expect(arithmeticSlips("Subtotal 12.5 + 7 is 19.5, so 19.5 * 2 is 40.")).toMatchObject([{ stated: 40 }]);
    expect(arithmeticSlips("Together 41.2 + 18.5 + 9.9 is 69.6 kg.")).toEqual([]);
    // A range's span and an unspaced date are no working.
    expect(arithmeticSlips("From 2019 - 2021 is 3 seasons.")).toEqual([]);
    expect(arithmeticSlips("Release 3.2 is 4 weeks old; 2024/05/01 is 3 days away.")).toEqual([]);
    expect(statedComputations("2.34 + 1.60 gives 3.94 arcsec.").map((c) => c.result)).toEqual([3.94]);
  });
  it("read a working in parentheses right after its result", () => {
    expect(statedComputations("Combined: $1,543.26 (629.08 + 914.18).")).toEqual([
      { result: 1543.26, operands: [629.08, 914.18] },
    ]);
  });
  it("check a result against the working in parentheses after it, across up to two unit words", () => {
    expect(arithmeticSlips("Combined seeing: 4.57 arcsec (2.57 + 0.52 + 1.78).")).toMatchObject([
      { stated: 4.57, expression: "2.57 + 0.52 + 1.78" },
    ]);
    expect(arithmeticSlips("Payout: 901,040.00 EUR (56040 × 16.09)")).toMatchObject([{ stated: 901040 }]);
    expect(arithmeticSlips("Combined seeing: 4.87 arcsec (2.57 + 0.52 + 1.78).")).toEqual([]);
    expect(arithmeticSlips("Total 90 crates (3 × (10 + 20)).")).toEqual([]);
    expect(arithmeticSlips("Total 91 crates (3 × (10 + 20)).")).toHaveLength(1);
  });
  it("near misses: a label before the parenthesis, a range, a minus alone, words inside, three unit words", () => {
    expect(arithmeticSlips("See step 2 (3 + 4) of the plan.")).toEqual([]);
    expect(arithmeticSlips("Figure 3 (1 + 1) shows it.")).toEqual([]);
    // A status a call returned is a label too.
    expect(arithmeticSlips("The probe got HTTP 9 (4 + 4).")).toEqual([]);
    expect(arithmeticSlips("The runner gave exitcode: 9 (4 + 4).")).toEqual([]);
    expect(arithmeticSlips("It ran 3 seasons (2019 - 2021).")).toEqual([]);
    expect(arithmeticSlips("We logged 12 rows (3 + 4 pending).")).toEqual([]);
    expect(arithmeticSlips("We logged 12 rows per site (3 + 4).")).toEqual([]);
    expect(arithmeticSlips("We logged 12 rows (3 + 4, then more).")).toEqual([]);
  });

  it("read no working from after an exponent mark: the power is not the left side", () => {
    // "(m + 3)^2 - 49 = 0" says nothing about 2 - 49; nor "4^2 + 9 = 25" about 2 + 9.
    expect(arithmeticSlips("Set $(m + 3)^2 - 49 = 0$ and solve for m.")).toEqual([]);
    expect(arithmeticSlips("Since 4^2 + 9 = 25, the sides fit.")).toEqual([]);
    expect(statedComputations("Since 4^2 + 9 = 25, the sides fit.")).toEqual([]);
    // Near misses: a slip in a working with no exponent, or one after the power, is still read.
    expect(arithmeticSlips("Then m = 7 - 3 = 5.")).toMatchObject([{ stated: 5, actual: 4 }]);
    expect(arithmeticSlips("Since 4^2 = 16, and 16 + 9 = 26, the sides fit.")).toMatchObject([{ stated: 26 }]);
    expect(arithmeticSlips("So x = 2^3; also 3 + 2 = 6.")).toMatchObject([{ stated: 6, actual: 5 }]);
  });
});

describe("a long working", () => {
  it("reads every line, up to the total after the eighth product", () => {
    const lines = [3, 1, 4, 1, 5, 9, 2, 6, 5].map((d, i) => `Digit ${i + 1}: ${d} × ${10 - i} = ${d * (10 - i)}`);
    const sum = [3, 1, 4, 1, 5, 9, 2, 6, 5].reduce((s, d, i) => s + d * (10 - i), 0);
    const text = `${lines.join("\n")}\nSum = ${[3, 1, 4, 1, 5, 9, 2, 6, 5].map((d, i) => d * (10 - i)).join(" + ")} = ${sum}`;
    expect(statedComputations(text).map((c) => c.result)).toContain(sum);
  });
});
