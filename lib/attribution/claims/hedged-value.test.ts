import { describe, expect, it } from "vitest";
import { isHedgedValue } from "./hedged-value";

const at = (text: string, value: string) => {
  const start = text.indexOf(value);
  return isHedgedValue(text, start, start + value.length);
};

describe("a value stated as an estimate", () => {
  it("is hedged when marked as approximate, a range, or a line of expectations", () => {
    expect(at("Flights cost ~$420 each way.", "420")).toBe(true);
    expect(at("The drive takes about 35 minutes.", "35")).toBe(true);
    expect(at("Budget: hotel 200-400, food 150–250.", "400")).toBe(true);
    expect(at("Budget: hotel 200-400, food 150–250.", "150")).toBe(true);
    expect(at("Temperatures are typically 30 °F at night.", "30")).toBe(true);
    expect(at("EDUCATED GUESSES:\n- Educated guess: the museum has 12 rooms", "12")).toBe(true);
  });

  it("is not hedged when stated as a fact, even next to a hedged line", () => {
    expect(at("The total revenue was $48,210.", "48,210")).toBe(false);
    expect(at("Typically it rains.\nThe flight costs $312.", "312")).toBe(false);
    expect(at("The answer is 17 (checked against the table).", "17")).toBe(false);
    expect(at("Step 3 of 5 is done.", "3")).toBe(false);
  });
});
