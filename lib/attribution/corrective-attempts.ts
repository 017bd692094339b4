/**
 * Corrective attempts: steps that push back against an earlier fault. A successful retry after a
 * failed tool call, or a verifier that rejects with evidence. A rejection blocks propagation in the
 * Boolean model only when it had an effect: the corrected agent's next message no longer states
 * the values it was rejected for (review §2g: a rejection the coder ignores blocks nothing). They
 * are the "repairers" of the role analysis; only effective ones earn a positive training reward.
 */
import type { EngineGraph } from "./build-graph";
import { stepText } from "./build-graph";
import { REJECTION_RE, callerOf, isAgentUtterance, isToolOutput, toolFailed } from "./detectors/patterns";
import { findRecovery } from "./detectors/tool-failure";

export interface CorrectiveAttempt {
  step: number;
  /** Whether this step stops corruption from travelling through it. */
  blocks: boolean;
  note: string;
  /** The earlier step it corrects. */
  corrects: number;
  /** Whether the correction changed what came after (a retry that succeeded; a rejection the corrected agent acted on). */
  effective: boolean;
  /** The corrected agent's changed message after it (a real alternative output): its revision after an
   * effective rejection, or its retry that succeeded after its failed call. */
  revision?: number;
}

export function findCorrectiveAttempts(g: EngineGraph, fault: Float64Array, threshold: number): CorrectiveAttempt[] {
  const out: CorrectiveAttempt[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < g.n; i++) {
    if (toolFailed(g, i) && isToolOutput(g, i)) {
      const caller = callerOf(g, i);
      const rec = findRecovery(g, i, caller);
      if (rec >= 0) {
        const fixer = callerOf(g, rec);
        if (!seen.has(fixer) && fixer !== caller) {
          seen.add(fixer);
          out.push({
            step: fixer,
            blocks: false,
            corrects: caller,
            effective: true,
            // The retry answers the request the failed call answered: a real alternative output.
            revision: fixer,
            note: `retried after the failure in ${g.steps[i].id} and succeeded (${g.steps[rec].id})`,
          });
        }
      }
    }
    if (
      g.verifierAgents.has(g.agentOf[i]) &&
      isAgentUtterance(g, i) &&
      REJECTION_RE.test(stepText(g.steps[i]).slice(0, 6000))
    ) {
      let faulty = -1;
      for (let j = i - 1; j >= Math.max(0, i - 6); j--)
        if (fault[j] >= threshold || toolFailed(g, j)) {
          faulty = j;
          break;
        }
      let evidence = false;
      for (let j = i - 1; j >= Math.max(0, i - 3); j--) if (isToolOutput(g, j)) evidence = true;
      if (faulty >= 0 && !seen.has(i)) {
        seen.add(i);
        const revision = revisionAfter(g, faulty, i);
        const effective = revision >= 0;
        const effect = effective
          ? `; ${g.steps[revision].id} revised it`
          : "; ignored: the corrected agent kept its values";
        out.push({
          step: i,
          blocks: evidence && effective,
          corrects: faulty,
          effective,
          ...(effective ? { revision } : {}),
          note: `rejects the work in ${g.steps[faulty].id}${evidence ? " with tool evidence" : ""}${effect}`,
        });
      }
    }
  }
  return out.sort((a, b) => a.step - b.step);
}

/** How far after a rejection the corrected agent's next message is looked for. */
const REVISION_WINDOW = 8;

/**
 * The corrected agent's first message after the rejection when it changed the rejected values:
 * none of the numbers the faulty step asserted reappear in it, or, when it asserted none, it says
 * something the faulty step did not (a token outside it). −1 when there is no such message.
 */
function revisionAfter(g: EngineGraph, faulty: number, rejection: number): number {
  const author = g.agentOf[isToolOutput(g, faulty) ? callerOf(g, faulty) : faulty];
  const end = Math.min(g.n, rejection + 1 + REVISION_WINDOW);
  for (let j = rejection + 1; j < end; j++) {
    if (g.agentOf[j] !== author || !isAgentUtterance(g, j)) continue;
    const rejected = g.features[faulty].claimNumbers;
    if (rejected.length > 0) {
      const now = new Set(g.features[j].claimNumbers);
      return rejected.some((x) => now.has(x)) ? -1 : j;
    }
    for (const t of g.features[j].tokens) if (!g.features[faulty].tokens.has(t)) return j;
    return -1;
  }
  return -1;
}
