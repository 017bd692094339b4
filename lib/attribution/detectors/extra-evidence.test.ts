import { describe, expect, it } from "vitest";
import { analyzeTrace } from "../analyze-trace";
import { validateTrace } from "../../trace/validate-trace";
import { minimalTrace } from "../../trace/test-traces";

const trace = validateTrace(minimalTrace());

describe("extraEvidence (injected detector)", () => {
  it("adds a weighted finding on the named step and raises its fault", () => {
    const base = analyzeTrace(trace);
    const judged = analyzeTrace(trace, {
      extraEvidence: [{ stepId: "s1", name: "llm-judge", score: 0.9, weight: 0.8, note: "the judge says s1 is wrong" }],
    });
    const step = judged.steps.find((s) => s.stepId === "s1")!;
    const hit = step.detectors.find((d) => d.name === "llm-judge");
    expect(hit).toEqual({
      name: "llm-judge",
      score: 0.72,
      evidence: { stepIds: ["s1"], note: "the judge says s1 is wrong" },
    });
    expect(step.fault).toBeGreaterThan(base.steps.find((s) => s.stepId === "s1")!.fault);
    expect(step.fault).toBeGreaterThanOrEqual(0.72);
  });

  it("ignores unknown steps and zero weights, leaving the report as without it", () => {
    const base = analyzeTrace(trace);
    const r = analyzeTrace(trace, {
      extraEvidence: [
        { stepId: "nope", name: "llm-judge", score: 1, note: "x" },
        { stepId: "s1", name: "llm-judge", score: 1, weight: 0, note: "x" },
      ],
    });
    expect({ ...r, config: base.config }).toEqual(base);
  });

  it("is deterministic", () => {
    const cfg = { extraEvidence: [{ stepId: "s2", name: "llm-judge", score: 0.6, note: "n" }] };
    expect(JSON.stringify(analyzeTrace(trace, cfg))).toBe(JSON.stringify(analyzeTrace(trace, cfg)));
  });
});
