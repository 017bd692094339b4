/**
 * Keyboard navigation over steps (`j`/`k`, arrows, `f`): pure so the order is testable.
 */
import type { ReportIndex } from "./index-report";
import type { CanvasStep } from "./types";

/** The step after (dir = 1) or before (dir = −1) `current` among `stepIds`, clamped at the ends. */
export function adjacentStep(stepIds: string[], current: string | null, dir: 1 | -1): string | null {
  if (stepIds.length === 0) return null;
  const at = current === null ? -1 : stepIds.indexOf(current);
  if (at < 0) return dir === 1 ? stepIds[0] : stepIds[stepIds.length - 1];
  return stepIds[Math.min(stepIds.length - 1, Math.max(0, at + dir))];
}

/**
 * The first error worth looking at: the first step that failed outright or that a detector flagged
 * (a confident wrong claim is an error too, even with status ok); the step the verdict names
 * (decisive step, else top suspect) when none is.
 */
export function firstErrorStep(steps: Pick<CanvasStep, "id" | "status">[], index: ReportIndex): string | null {
  for (const s of steps) {
    if (s.status === "error") return s.id;
    const report = index.stepById.get(s.id);
    if (report && report.detectorCount > 0 && report.fault >= (index.report?.config.faultThreshold ?? 0.5)) return s.id;
  }
  return index.namedStepId;
}
