import { describe, expect, it } from "vitest";
import type { AnalysisReport } from "../attribution/types";
import { compareVerdict } from "./compare-verdict";
import { reportHeadline } from "./headline";
import { researchReport } from "./test-fixtures";

const HEX_OR_ID = /\b[0-9a-f]{12,}\b|\bs\d+\b/;

describe("compareVerdict", () => {
  it("says the run page's sentence and names the culprit by its step number, never the engine's log line", () => {
    const report = researchReport();
    const v = compareVerdict(report);
    expect(v.sentence).toBe(reportHeadline(report).sentence);
    expect(v.sentence).not.toBe(report.verdict);
    expect(v.sentence).not.toMatch(HEX_OR_ID);
    expect(v).toMatchObject({ kind: "culprit", standing: "Culprit", agent: "Researcher", stepId: "s4" });
    // s4 is the fourth step of the trace.
    expect(v.step).toBe("step 4");
    expect(v.confidence).toMatch(/^(High|Medium|Low) \(\d+%\)$/);
  });

  it("names the top suspect of an undetermined report, with no confidence", () => {
    const report: AnalysisReport = {
      ...researchReport(),
      outcome: "unknown",
      decisive: null,
      decisionSource: "undetermined",
    };
    (report as AnalysisReport & { suspects: unknown }).suspects = [
      { agent: "Analyst", stepId: "s5", score: 1, probability: 0.6 },
      { agent: "Writer", stepId: "s6", score: 0.5, probability: 0.3 },
    ];
    const v = compareVerdict(report);
    expect(v).toMatchObject({ kind: "undetermined", standing: "Top suspect", agent: "Analyst", step: "step 5" });
    expect(v.confidence).toBeNull();
    expect(v.sentence).toMatch(/^Outcome unknown; .*Top suspects: Analyst \(step 5, 60%\)/);
  });

  it("names no one on a passed run", () => {
    const report: AnalysisReport = { ...researchReport(), outcome: "success", decisive: null };
    const v = compareVerdict(report);
    expect(v).toMatchObject({ kind: "passed", standing: null, agent: null, step: null, confidence: null });
  });
});
