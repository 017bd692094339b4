/**
 * How a run ended, as importers record it in `run.attributes["culprit.termination"]`:
 * - `concluded`: the team itself declared the task done (a final answer, "TERMINATE", a
 *   coordinator's "request satisfied");
 * - `limit`: a budget stopped it (rounds, time, replans, tokens) while it was still working;
 * - `error`: an unhandled error ended it.
 * Absent when the source does not say. The engine reads only this canonical value; the phrases each
 * system uses to say it belong to that system's importer.
 */
export const TERMINATION_ATTR = "culprit.termination";
export type RunTermination = "concluded" | "limit" | "error";

export function runTerminationOf(attributes: Record<string, unknown> | undefined): RunTermination | undefined {
  const v = attributes?.[TERMINATION_ATTR];
  return v === "concluded" || v === "limit" || v === "error" ? v : undefined;
}
