/**
 * Corrective attempts: steps that push back against an earlier fault. A successful retry after a
 * failed tool call, or a verifier that rejects with evidence. Rejecting verifiers also block
 * propagation in the Boolean model; they are the "repairers" of the role analysis.
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
          out.push({ step: fixer, blocks: false, corrects: caller, note: `retried after the failure in ${g.steps[i].id} and succeeded (${g.steps[rec].id})` });
        }
      }
    }
    if (g.verifierAgents.has(g.agentOf[i]) && isAgentUtterance(g, i) && REJECTION_RE.test(stepText(g.steps[i]).slice(0, 6000))) {
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
        out.push({ step: i, blocks: evidence, corrects: faulty, note: `rejects the work in ${g.steps[faulty].id}${evidence ? " with tool evidence" : ""}` });
      }
    }
  }
  return out.sort((a, b) => a.step - b.step);
}
