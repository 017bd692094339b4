import { describe, expect, it } from "vitest";
import { answerMatches } from "./answer-matches";

describe("answerMatches", () => {
  it("ignores case, punctuation, articles, spacing and number formatting", () => {
    expect(answerMatches("FINAL: The Eiffel Tower.", "eiffel tower")).toBe(true);
    expect(answerMatches("1,234.50 USD", "1234.5")).toBe(true);
    expect(answerMatches("The answer is 42.", "42")).toBe(true);
    expect(answerMatches("4", "3")).toBe(false);
    expect(answerMatches("142", "42")).toBe(false); // whole words only
    expect(answerMatches("", "3")).toBeUndefined();
    expect(answerMatches("...", "3")).toBeUndefined();
  });

  it("stays cheap on huge inputs", () => {
    const t = performance.now();
    expect(answerMatches("w ".repeat(1_000_000), "w ".repeat(100_000) + "x")).toBe(false);
    expect(performance.now() - t).toBeLessThan(20_000); // linear: milliseconds; the unbounded search would take hours
  }, 60_000);
});
