import { describe, expect, it } from "vitest";
import { claimPhrase } from "./headline-phrases";

describe("claim phrases for claims beyond numbers", () => {
  const positions = new Map([["out", 1]]);
  /** A claim that reaches the answer, pointing at the step `out` (position 1, "step 2"). */
  const pointing = (detector: string, value: string, quote: string) => ({
    detector,
    value,
    quote,
    reachesAnswer: true,
    sourceStepId: "out",
  });

  it("a contradicted output names the output step by number", () => {
    const claim = pointing("contradicts-output", "n:4245", "4245");
    expect(claimPhrase(claim, positions)).toBe("stated 4245, which step 2 did not output");
  });

  it("a value passed on after its author withdrew it names the withdrawal by number", () => {
    const claim = pointing("unsourced-value", "n:1887", "1887");
    expect(claimPhrase(claim, positions)).toBe("passed on 1887 after step 2 withdrew it");
    const { sourceStepId: _, ...plain } = claim;
    expect(claimPhrase(plain, positions)).toBe("stated 1887 with no source");
  });

  it("an unsupported answer says no source holds it", () => {
    const claim = { detector: "unsupported-answer", value: "e:marseille", quote: "Marseille", reachesAnswer: false };
    expect(claimPhrase(claim, positions)).toBe("answered Marseille, which no source it read holds");
  });
});
