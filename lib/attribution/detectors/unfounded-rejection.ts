/**
 * Unfounded rejection: in a failed run, a verifier's final verdict opens with a rejection
 * ("REJECTED: …", "Fail: …"; prose that merely mentions a mistake does not count) of work in which nothing
 * it could have seen shows a fault: no upstream step has fault evidence (from the other
 * detectors), no tool output it relied on failed or came back empty. A check that fails sound work
 * is itself the error (MAST FM-3.3). Runs after the other detectors, since it needs their scores.
 */
import type { DetectorContext, DetectorHit } from "./types";
import { APPROVAL_RE, REJECTION_RE, isAgentUtterance, toolEmpty, toolFailed } from "./patterns";
import { stepText, type EngineGraph } from "../build-graph";
import { readFoundNothing } from "./missing-state";

export const UNFOUNDED_REJECTION_SCORE = 0.6;
/** A verdict stated first, after an optional speaker label. */
const VERDICT_REJECTION_RE =
  /^\s*(?:[A-Za-z_][\w -]{0,30}:\s*)?\W{0,3}(?:rejected|reject|fail(?:ed|s)?|not approved|verdict\s*:\s*(?:reject|fail))\b/i;

/** Ancestors examined per rejection; beyond it the rejection is assumed founded (conservative). */
const ANCESTOR_BUDGET = 5000;

export function detectUnfoundedRejection({ g, config, failed }: DetectorContext, fault: Float64Array): DetectorHit[] {
  if (!failed) return [];
  let last = -1;
  let rejects = false;
  for (let i = 0; i < g.n; i++) {
    if (!g.verifierAgents.has(g.agentOf[i]) || !isAgentUtterance(g, i)) continue;
    const text = stepText(g.steps[i]).slice(0, 6000);
    const r = REJECTION_RE.test(text) && VERDICT_REJECTION_RE.test(text);
    if (r || APPROVAL_RE.test(text)) {
      last = i;
      rejects = r;
    }
  }
  if (last < 0 || !rejects || !allClean(g, last, fault, config.faultThreshold)) return [];
  return [
    {
      step: last,
      name: "unfounded-rejection",
      score: UNFOUNDED_REJECTION_SCORE,
      mast: "FM-3.3 incorrect verification",
      evidence: {
        stepIds: [g.steps[last].id],
        note: "the final verdict rejects work in which no step it could see shows a fault or a failed input",
      },
    },
  ];
}

/** Whether no ancestor of v (over edges) carries fault evidence or a failed, empty or missing input. */
function allClean(g: EngineGraph, v: number, fault: Float64Array, threshold: number): boolean {
  const seen = new Uint8Array(g.n);
  const stack = [v];
  seen[v] = 1;
  let visited = 0;
  while (stack.length) {
    const u = stack.pop()!;
    if (++visited > ANCESTOR_BUDGET) return false;
    if (u !== v && (fault[u] >= threshold || toolFailed(g, u) || toolEmpty(g, u) || readFoundNothing(g, u)))
      return false;
    for (let k = g.inStart[u]; k < g.inStart[u + 1]; k++) {
      const w = g.edges[g.inEdges[k]].from;
      if (!seen[w]) {
        seen[w] = 1;
        stack.push(w);
      }
    }
  }
  return true;
}
