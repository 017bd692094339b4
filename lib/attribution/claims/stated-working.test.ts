/**
 * Stated workings as people write them: a result after a currency sign or code ("= €985.70",
 * "= USD 12"), and a result written right before its parenthesised working ("$1,543.26 (629.08 +
 * 914.18)"). Both are computations whose operands the result rests on, and both are checked.
 */
import { describe, expect, it } from "vitest";
import { arithmeticSlips, statedComputations } from "./arithmetic";

describe("stated workings", () => {
  it("read a result after a currency sign or code", () => {
    expect(statedComputations("Adding up: 412.50 + 87.25 = €499.75.")).toEqual([
      { result: 499.75, operands: [412.5, 87.25] },
    ]);
    expect(statedComputations("So 12 + 30 = USD 42 in all.")).toEqual([{ result: 42, operands: [12, 30] }]);
    expect(arithmeticSlips("Adding up: 412.50 + 87.25 = €509.75.")).toHaveLength(1);
  });
  it("read a working in parentheses right after its result", () => {
    expect(statedComputations("Combined: $1,543.26 (629.08 + 914.18).")).toEqual([
      { result: 1543.26, operands: [629.08, 914.18] },
    ]);
  });
});
