/**
 * Failed tool calls. The fault goes to the step that issued the call (tools run what they are
 * given). A failure that the same agent later recovers from with a successful call is kept as
 * weak evidence only: retried-and-recovered errors must not be blamed. A transient failure of the
 * service (HTTP 5xx, unavailable, dropped connection) is environmental: the call was not wrong, and
 * what matters is how the caller handles it (a false success claim, a made-up value), which other
 * detectors see.
 */
import type { Detector, DetectorHit } from "./types";
import {
  answersNoRun,
  calledTool,
  callerOf,
  isToolOutput,
  toolFailed,
  toolFailureTransient,
  toolReturnedNothing,
} from "./patterns";

/**
 * A result with nothing in it where content was expected (blank, `None`) that no later call
 * recovers from: the call asked the wrong thing, so it counts as a fault on its own. An empty list
 * is an answer ("none found"), not this (`toolReturnedNothing`).
 */
export const EMPTY_SCORE = 0.5;
/** How far ahead (in steps) a successful retry counts as a recovery. */
const RECOVERY_WINDOW = 8;

export const detectToolFailure: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  for (let i = 0; i < g.n; i++) {
    const how = toolFailed(g, i);
    const empty = !how && toolReturnedNothing(g, i);
    if (!how && !empty) continue;
    const caller = callerOf(g, i);
    const recovery = findRecovery(g, i, caller);
    const transient = how !== null && toolFailureTransient(g, i);
    const base = transient ? 0.3 : how === "status" ? 0.8 : how === "text" ? 0.7 : EMPTY_SCORE;
    const score = recovery >= 0 ? base * 0.2 : base;
    const stepIds = [
      g.steps[i].id,
      ...(caller !== i ? [g.steps[caller].id] : []),
      ...(recovery >= 0 ? [g.steps[recovery].id] : []),
    ];
    const what = empty ? "returned nothing" : "failed";
    hits.push({
      step: caller,
      name: "tool-failure",
      score,
      ...(transient ? { environmental: true } : {}),
      evidence: {
        stepIds,
        note:
          `tool output ${g.steps[i].id} ${what}` +
          (transient ? " (the service was unavailable: environmental)" : "") +
          (caller !== i ? `; the call was issued by ${g.steps[caller].id}` : "") +
          (recovery >= 0 ? `; recovered by a successful call at ${g.steps[recovery].id}` : ""),
      },
    });
  }
  return hits;
};

/** A tool name's leading word, lower-cased: "get" for getOrder, get_order and get-order; "http" for HTTP_get. */
export function actionOf(tool: string): string {
  return (/^(?:[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[^_\-.\s]+)/.exec(tool)?.[0] ?? tool).toLowerCase();
}

/**
 * First later successful tool output caused by the same agent within the window, or -1. When both
 * calls name their tool, only a tool of the same action counts (the same leading verb: a retry, or
 * find_guest_by_email then find_guest_by_phone): a different action that succeeds (a lookup after a
 * failed update) does not do what the failed call was for.
 */
export function findRecovery(g: Parameters<Detector>[0]["g"], failed: number, caller: number): number {
  const agent = g.agentOf[caller];
  const tool = calledTool(g, failed);
  const end = Math.min(g.n, failed + 1 + RECOVERY_WINDOW);
  for (let j = failed + 1; j < end; j++) {
    if (!isToolOutput(g, j) || toolFailed(g, j) || toolReturnedNothing(g, j) || answersNoRun(g, j)) continue;
    if (g.agentOf[callerOf(g, j)] !== agent) continue;
    const other = tool === undefined ? undefined : calledTool(g, j);
    if (other === undefined || actionOf(other) === actionOf(tool!)) return j;
  }
  return -1;
}
