import { describe, expect, it } from "vitest";
import { prepareBlameBars } from "./prepare-blame-bars";
import { brushToRange, markAt, prepareTimeline } from "./prepare-timeline";
import { indexReport } from "./index-report";
import { researchReport, researchTrace } from "./test-fixtures";
import { toViewEdges } from "./view-edges";

describe("prepareBlameBars", () => {
  it("orders by blame and scales bars and whiskers on one axis", () => {
    const rows = prepareBlameBars(researchReport().agents, 100);
    expect(rows.map((r) => r.agent)).toEqual(["Researcher", "Analyst", "Writer", "Reviewer", "Planner"]);
    // largest CI end is 0.81 → full width
    expect(rows[0].whisker![1]).toBeCloseTo(100);
    expect(rows[0].barWidth).toBeCloseTo((0.71 / 0.81) * 100);
    expect(rows[4].barWidth).toBe(0);
  });
});

describe("prepareTimeline", () => {
  const trace = researchTrace();
  const index = indexReport(researchReport(), toViewEdges(trace.steps, trace.edges));
  const lanes = trace.agents.map((a) => a.name);
  const model = prepareTimeline(trace.steps, lanes, index, 110 + 800, 10);
  it("puts each step in its agent lane in global order", () => {
    expect(model.marks.map((m) => [m.stepId, m.lane])).toEqual(trace.steps.map((s) => [s.id, lanes.indexOf(s.agent)]));
    expect(model.marks.find((m) => m.stepId === "s4")!.mark).toBe("origin");
  });
  it("maps a brush extent to a step range and a click to a step", () => {
    expect(brushToRange(model, model.x(2), model.x(5), trace.steps.length)).toEqual([2, 4]);
    const s4 = model.marks.find((m) => m.stepId === "s4")!;
    expect(markAt(model, s4.x + 1, s4.lane * 10 + 5)!.stepId).toBe("s4");
    expect(markAt(model, s4.x + 1, 0 * 10 + 5)).toBe(null); // Planner's only step is far away
  });
});
