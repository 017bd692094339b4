/**
 * The URL the browser fetches a run page's body from (decision 0019). The page renders only what
 * can change (run row, analysis status, labels); the immutable rest (steps, edges, report summary,
 * a large run's window) is JSON at `<base>?<query>`, cached by the server per analysis and window.
 * The query names the body's version (the newest finished analysis when the page was rendered), so
 * a new analysis is a new URL, and, for large runs only, what their window is chosen around.
 */
import { PAGE_ALL_STEPS_MAX } from "./step-window";
import type { RunPageFocus } from "./types";

/** Step ids are at most this long everywhere else (step detail routes); longer ones are ignored. */
const STEP_ID_MAX = 256;
/** Step indexes above this cannot exist (ingest bounds runs far below it); larger numbers are ignored. */
const INDEX_MAX = 100_000_000;

/** The body URL for a page: `base` plus version, and the focus only when the run is windowed. */
export function runBodyUrl(base: string, version: string, stepCount: number, focus: RunPageFocus): string {
  const params = new URLSearchParams({ v: version });
  if (stepCount > PAGE_ALL_STEPS_MAX) {
    if (focus.range) params.set("range", `${focus.range[0]}-${focus.range[1]}`);
    else if (focus.stepId) params.set("step", focus.stepId);
  }
  return `${base}?${params}`;
}

/** The focus a body URL asks for; anything malformed is ignored (the default window is served). */
export function parseRunBodyFocus(params: URLSearchParams): RunPageFocus {
  const range = /^(\d{1,9})-(\d{1,9})$/.exec(params.get("range") ?? "");
  if (range) {
    const lo = Number(range[1]);
    const hi = Number(range[2]);
    if (lo <= hi && hi <= INDEX_MAX) return { range: [lo, hi], stepId: null };
  }
  const step = params.get("step");
  return { range: null, stepId: step && step.length <= STEP_ID_MAX ? step : null };
}
