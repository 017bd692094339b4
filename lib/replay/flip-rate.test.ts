import { describe, expect, it } from "vitest";
import { flipVerdict, wilsonInterval } from "./flip-rate";

describe("flip rate interval", () => {
  it("gives the Wilson 95% interval", () => {
    expect(wilsonInterval(5, 5)).toEqual([0.5655, 1]);
    expect(wilsonInterval(4, 5)).toEqual([0.3755, 0.9638]);
    expect(wilsonInterval(0, 5)).toEqual([0, 0.4345]);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it("says too few runs to tell while the interval holds one half", () => {
    expect(flipVerdict(wilsonInterval(5, 5))).toBe("cures");
    expect(flipVerdict(wilsonInterval(0, 5))).toBe("does-not-cure");
    expect(flipVerdict(wilsonInterval(4, 5))).toBe("too-few-runs");
    expect(flipVerdict(wilsonInterval(1, 2))).toBe("too-few-runs");
    expect(flipVerdict(wilsonInterval(16, 20))).toBe("cures");
  });
});
