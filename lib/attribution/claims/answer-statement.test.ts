/** The cheap test for a statement keyed "answer" against the statements themselves, within the same bound. */
import { describe, expect, it } from "vitest";
import { mayStateAnswer, resultStatements } from "./result-statements";

const keyedAnswer = (text: string) => resultStatements(text).some((s) => s.key === "answer");

describe("mayStateAnswer", () => {
  it("holds wherever resultStatements finds an answer statement, and not where it finds none", () => {
    const texts = [
      "The final answer is Paris.",
      "After checking the register, the answer to the question is Ann Lee.",
      "ANSWER: 42",
      "the answer = 7",
      "Answer unclear; the output is 7.",
      "We got 7 from the tool.",
      "No answer yet.",
    ];
    for (const t of texts) if (keyedAnswer(t)) expect(mayStateAnswer(t), t).toBe(true);
    expect(texts.filter(keyedAnswer)).toHaveLength(4);
    expect(mayStateAnswer("We got 7 from the tool.")).toBe(false);
    expect(mayStateAnswer("No answer yet.")).toBe(false);
  });

  it("reads as far as resultStatements reads: not past its first 20,000 characters", () => {
    const late = `${"filler words here. ".repeat(1_100)}The answer is Paris.`;
    expect(late.length).toBeGreaterThan(20_000);
    expect(keyedAnswer(late)).toBe(false);
    expect(mayStateAnswer(late)).toBe(false);
    expect(mayStateAnswer(`The answer is Paris. ${late}`)).toBe(true);
  });
});
