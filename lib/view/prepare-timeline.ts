/**
 * Timeline geometry: one lane per agent, one mark per step at its position in global order.
 * Drawn on a canvas so 10k steps cost one paint, not 10k DOM nodes.
 */
import { scaleLinear, type ScaleLinear } from "d3";
import { stepMark, type ReportIndex, type StepMark } from "./index-report";
import type { CanvasStep } from "./types";

export interface TimelineMark {
  stepId: string;
  idx: number;
  lane: number;
  x: number;
  width: number;
  mark: StepMark;
}

export interface TimelineModel {
  lanes: string[];
  marks: TimelineMark[];
  x: ScaleLinear<number, number>;
  laneHeight: number;
  height: number;
}

export const TIMELINE_LABEL_WIDTH = 110;

export function prepareTimeline(steps: Pick<CanvasStep, "id" | "agent" | "status">[], lanes: string[], index: ReportIndex, width: number, laneHeight = 16): TimelineModel {
  const laneOf = new Map(lanes.map((a, i) => [a, i]));
  const x = scaleLinear().domain([0, Math.max(1, steps.length)]).range([TIMELINE_LABEL_WIDTH, Math.max(TIMELINE_LABEL_WIDTH + 1, width)]);
  const stepWidth = Math.max(1, x(1) - x(0) - (steps.length < 200 ? 1 : 0));
  const marks: TimelineMark[] = [];
  steps.forEach((s, idx) => {
    const lane = laneOf.get(s.agent);
    if (lane === undefined) return;
    marks.push({ stepId: s.id, idx, lane, x: x(idx), width: stepWidth, mark: stepMark(index, s.id, s.status) });
  });
  return { lanes, marks, x, laneHeight, height: lanes.length * laneHeight };
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
