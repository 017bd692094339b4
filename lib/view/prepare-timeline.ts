/**
 * Timeline geometry: one lane per agent, one mark per step at its position in global order.
 * Drawn on a canvas so 10k steps cost one paint, not 10k DOM nodes.
 */
import { scaleLinear, type ScaleLinear } from "d3";
import { stepMark, type ReportIndex, type StepMark } from "./index-report";
import type { CanvasStep, StepWindow } from "./types";

export interface TimelineMark {
  stepId: string;
  idx: number;
  lane: number;
  x: number;
  width: number;
  mark: StepMark;
}

/** A whole-run overview cell (large runs): `steps` of `binSize` steps in this lane, `errors` of them failed. */
export interface TimelineBin {
  lane: number;
  x: number;
  width: number;
  /** Share of the bin's step slots this lane fills (0–1): drawn as opacity. */
  fill: number;
  errors: number;
}

export interface TimelineModel {
  lanes: string[];
  marks: TimelineMark[];
  /** Overview of the steps not shipped (large runs only; empty otherwise). */
  bins: TimelineBin[];
  /** Run-wide steps the x scale spans. */
  stepCount: number;
  x: ScaleLinear<number, number>;
  laneHeight: number;
  height: number;
  /** Px left of the marks for the lane names (`timelineLabelWidth`). */
  labelWidth: number;
  /** Each lane's name as drawn: whole, or cut with "…" to fit `labelWidth`. */
  labels: string[];
}

/** The lane name column: at least this wide, and wider for longer names up to TIMELINE_LABEL_MAX. */
export const TIMELINE_LABEL_WIDTH = 110;
/** The widest the name column grows: a fifth of the timeline, and never past this. */
export const TIMELINE_LABEL_MAX = 240;
/** Average advance of an 11 px system-ui character (paint-timeline.ts), rounded up; 4 px inset, 8 px gap. */
const LABEL_CHAR_PX = 6.5;
const LABEL_INSET = 12;

/** Px for the lane names: enough for the longest, between TIMELINE_LABEL_WIDTH and a fifth of `width` (at most TIMELINE_LABEL_MAX). */
export function timelineLabelWidth(lanes: readonly string[], width: number): number {
  const longest = lanes.reduce((m, l) => Math.max(m, l.length), 0);
  const cap = Math.max(TIMELINE_LABEL_WIDTH, Math.min(TIMELINE_LABEL_MAX, Math.floor(width / 5)));
  return Math.min(cap, Math.max(TIMELINE_LABEL_WIDTH, Math.ceil(LABEL_INSET + longest * LABEL_CHAR_PX)));
}

/** A lane name as drawn in a column `labelWidth` px wide: whole when it fits, else cut with "…". */
export function timelineLabel(lane: string, labelWidth: number): string {
  const fits = Math.max(1, Math.floor((labelWidth - LABEL_INSET) / LABEL_CHAR_PX));
  return lane.length > fits ? `${lane.slice(0, fits - 1)}…` : lane;
}

/**
 * `steps` is the whole run, or (large runs) a window of it starting at run-wide index `window.offset`;
 * then the x scale spans the whole run and `window.density` fills in the steps not shipped.
 */
export function prepareTimeline(
  steps: Pick<CanvasStep, "id" | "agent" | "status">[],
  lanes: string[],
  index: ReportIndex,
  width: number,
  laneHeight = 16,
  window?: StepWindow,
): TimelineModel {
  const laneOf = new Map(lanes.map((a, i) => [a, i]));
  const offset = window?.offset ?? 0;
  const stepCount = window?.total ?? steps.length;
  const labelWidth = timelineLabelWidth(lanes, width);
  const x = scaleLinear()
    .domain([0, Math.max(1, stepCount)])
    .range([labelWidth, Math.max(labelWidth + 1, width)]);
  const stepWidth = Math.max(1, x(1) - x(0) - (stepCount < 200 ? 1 : 0));
  const marks: TimelineMark[] = [];
  steps.forEach((s, i) => {
    const lane = laneOf.get(s.agent);
    if (lane === undefined) return;
    const idx = offset + i;
    marks.push({ stepId: s.id, idx, lane, x: x(idx), width: stepWidth, mark: stepMark(index, s.id, s.status) });
  });
  const bins: TimelineBin[] = [];
  if (window) {
    const { binSize } = window.density;
    for (const row of window.density.lanes) {
      const lane = laneOf.get(row.agent);
      if (lane === undefined) continue;
      row.steps.forEach((n, b) => {
        if (n > 0)
          bins.push({
            lane,
            x: x(b * binSize),
            width: Math.max(1, x((b + 1) * binSize) - x(b * binSize)),
            fill: Math.min(1, n / binSize),
            errors: row.errors[b] ?? 0,
          });
      });
    }
  }
  const labels = lanes.map((l) => timelineLabel(l, labelWidth));
  return { lanes, marks, bins, stepCount, x, laneHeight, height: lanes.length * laneHeight, labelWidth, labels };
}

/** The step index range [lo, hi] covered by a brushed pixel extent. */
export function brushToRange(model: TimelineModel, x0: number, x1: number, stepCount: number): [number, number] | null {
  const lo = Math.max(0, Math.floor(model.x.invert(Math.min(x0, x1))));
  const hi = Math.min(stepCount - 1, Math.ceil(model.x.invert(Math.max(x0, x1))) - 1);
  return hi >= lo ? [lo, hi] : null;
}

/** The step under a pointer, or null. */
export function markAt(model: TimelineModel, px: number, py: number): TimelineMark | null {
  const lane = Math.floor(py / model.laneHeight);
  const idx = Math.floor(model.x.invert(px));
  let best: TimelineMark | null = null;
  for (const m of model.marks) {
    if (m.lane !== lane) continue;
    if (m.idx === idx) return m;
    if (!best || Math.abs(m.idx - idx) < Math.abs(best.idx - idx)) best = m;
  }
  return best && Math.abs(best.idx - idx) <= 2 ? best : null;
}
