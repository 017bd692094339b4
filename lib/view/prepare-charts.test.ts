import { describe, expect, it } from "vitest";
import { prepareBlameBars } from "./prepare-blame-bars";
import {
  brushToRange,
  markAt,
  prepareTimeline,
  TIMELINE_LABEL_MAX,
  TIMELINE_LABEL_WIDTH,
  timelineLabel,
  timelineLabelWidth,
} from "./prepare-timeline";
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
  it("widens the name column for long names, within a fifth of the timeline, and cuts only what still does not fit", () => {
    // Short names keep the narrow column; the marks start right of it.
    expect(model.labelWidth).toBe(TIMELINE_LABEL_WIDTH);
    expect(model.x(0)).toBe(TIMELINE_LABEL_WIDTH);
    expect(model.labels).toEqual(lanes);
    const long = ["planner", "research_and_retrieval_specialist"];
    const wide = prepareTimeline([], long, index, 1200);
    expect(wide.labelWidth).toBeGreaterThan(TIMELINE_LABEL_WIDTH);
    expect(wide.labelWidth).toBeLessThanOrEqual(TIMELINE_LABEL_MAX);
    expect(wide.x(0)).toBe(wide.labelWidth);
    expect(wide.labels).toEqual(long);
    // A narrow timeline gives names at most a fifth of its width, and cuts the long one with "…".
    const narrow = prepareTimeline([], long, index, 600);
    expect(narrow.labelWidth).toBe(120);
    expect(narrow.labels[0]).toBe("planner");
    expect(narrow.labels[1]).toMatch(/^research_and_\w*…$/);
    expect(timelineLabelWidth(["x".repeat(200)], 5000)).toBe(TIMELINE_LABEL_MAX);
    expect(timelineLabel("abcdef", 12 + 6.5 * 3)).toBe("ab…");
  });
});
