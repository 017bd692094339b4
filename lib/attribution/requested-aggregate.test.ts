import { describe, expect, it } from "vitest";
import { matchesAggregate, requestedAggregate } from "./requested-aggregate";

describe("explicit calculations in a step's input", () => {
  it.each([
    ["Sum of squares of [5, 6, 7, 8]", "sum of squares", 174],
    ["user: Add the partials 30 + 174 + 446", "sum", 650],
    ["What is the total of 1,200 and 300?", "sum", 1500],
    ["Compute the product of 3, 4, 5", "product", 60],
    ["Average of 2, 4, 9", "mean", 5],
    ["the largest of 7 8 3", "max", 8],
    ["Sum of squares of [1,2,3,4]", "sum of squares", 30],
  ])("%s → %s = %d", (text, op, value) => {
    const agg = requestedAggregate(text);
    expect(agg?.op).toBe(op);
    expect(agg && matchesAggregate(agg, value)).toBe(true);
  });

  it.each([
    ["worker_2: compute the sum of squares of chunk 2 of the plan"],
    ["Add the partials "],
    ["Sum of [1, 2, 3] for the 2024 budget"],
    ["Release the verified total (verification: ok)"],
    ["Tell me a story"],
  ])("leaves %s alone", (text) => {
    expect(requestedAggregate(text)).toBeNull();
  });

  it("tolerates rounding but not a different value", () => {
    const agg = requestedAggregate("mean of 1, 2, 2")!;
    expect(matchesAggregate(agg, 1.667)).toBe(true);
    expect(matchesAggregate(agg, 1.7)).toBe(false);
  });
});
