import { describe, expect, it } from "vitest";
import { parseRunBodyFocus, runBodyUrl } from "./run-body-url";
import { PAGE_ALL_STEPS_MAX } from "./step-window";

describe("run body URL", () => {
  it("names the version, and the focus only for windowed runs", () => {
    const focus = { range: null, stepId: "s 7&x" };
    expect(runBodyUrl("/api/runs/r/view", "a1", PAGE_ALL_STEPS_MAX, focus)).toBe("/api/runs/r/view?v=a1");
    const url = runBodyUrl("/api/runs/r/view", "a1", PAGE_ALL_STEPS_MAX + 1, focus);
    expect(parseRunBodyFocus(new URL(url, "http://x").searchParams)).toEqual({ range: null, stepId: "s 7&x" });
    const ranged = runBodyUrl("/api/runs/r/view", "a1", 50_000, { range: [400, 900], stepId: "s1" });
    expect(parseRunBodyFocus(new URL(ranged, "http://x").searchParams)).toEqual({ range: [400, 900], stepId: null });
  });

  it("a new analysis is a new URL", () => {
    expect(runBodyUrl("/v", "a1", 5, { range: null, stepId: null })).not.toBe(
      runBodyUrl("/v", "a2", 5, { range: null, stepId: null }),
    );
  });

  it("ignores malformed focus (the default window is served)", () => {
    const parse = (q: string) => parseRunBodyFocus(new URLSearchParams(q));
    expect(parse("range=9-3")).toEqual({ range: null, stepId: null });
    expect(parse("range=-1-5")).toEqual({ range: null, stepId: null });
    expect(parse("range=1e3-5000")).toEqual({ range: null, stepId: null });
    expect(parse(`range=0-${"9".repeat(12)}`)).toEqual({ range: null, stepId: null });
    expect(parse(`step=${"x".repeat(257)}`)).toEqual({ range: null, stepId: null });
    expect(parse(`step=${"x".repeat(256)}`).stepId).toHaveLength(256);
  });
});
