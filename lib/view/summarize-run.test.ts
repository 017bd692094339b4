import { describe, expect, it } from "vitest";
import { previewText, summarizeReport, summarizeStep } from "./summarize-run";
import { researchReport, researchTrace } from "./test-fixtures";

describe("summarizeStep", () => {
  it("keeps ids, labels and a collapsed preview; drops long text fields", () => {
    const trace = researchTrace();
    const s2 = summarizeStep({ ...trace.steps[1], input: "x".repeat(10_000) } as never);
    expect(s2).toEqual({
      id: "s2",
      agent: "Researcher",
      kind: "tool_call",
      status: "ok",
      preview: "search(osaka south)",
      tool: { name: "search" },
      tokens: { total: 100 },
    });
    const long = summarizeStep({
      id: "a",
      agent: "A",
      kind: "message",
      status: "error",
      content: "",
      error: { message: `bad\n\n  ${"y".repeat(500)}` },
    });
    expect(long.preview.startsWith("bad y")).toBe(true);
    expect(long.preview.length).toBeLessThanOrEqual(72);
    expect(long.error!.message.length).toBeLessThan(320);
  });

  it("previews collapse whitespace and ellipsise", () => {
    expect(previewText("a\n\n b", 10)).toBe("a b");
    expect(previewText("abcdefghijkl", 6)).toBe("abcde…");
  });
});

describe("summarizeReport", () => {
  it("keeps the verdict parts and reduces steps to marks and detector counts", () => {
    const report = researchReport();
    const summary = summarizeReport(report);
    expect(summary.decisive).toEqual(report.decisive);
    expect(summary.steps).toHaveLength(report.steps.length);
    const s4 = summary.steps.find((s) => s.stepId === report.decisive!.stepId)!;
    const full4 = report.steps.find((s) => s.stepId === report.decisive!.stepId)!;
    expect(s4).toEqual({
      stepId: full4.stepId,
      agent: full4.agent,
      fault: full4.fault,
      corrupted: full4.corrupted,
      onPath: full4.onPath,
      detectorCount: full4.detectors.length,
    });
    expect(summary.repairStepIds).toEqual(
      report.training.preferencePairs.filter((p) => p.kind === "corrective-over-passive").map((p) => p.chosenStepId),
    );
    expect(summarizeReport(summary)).toBe(summary);
    expect(JSON.stringify(summary).length).toBeLessThan(JSON.stringify(report).length);
  });
});
