import { describe, expect, it } from "vitest";
import { stepTokens } from "./step-tokens";

describe("stepTokens", () => {
  it("takes the total, else input + output, else 0", () => {
    expect(stepTokens({ tokens: { total: 7, input: 1, output: 1 } })).toBe(7);
    expect(stepTokens({ tokens: { input: 3, output: 4 } })).toBe(7);
    expect(stepTokens({ tokens: { output: 4 } })).toBe(4);
    expect(stepTokens({})).toBe(0);
  });
});
