/**
 * The entry to a loop. A repetition-loop hit says a step restates one of its agent's recent steps
 * with nothing new (see detectors/repetition-loop.ts); the repeats grow in score as the loop goes on,
 * so the repair model and the prior pick a late repeat. A repeat adds no content of its own: what is
 * wrong in it was already wrong where the agent first said it, and every later repeat is the agent
 * not getting past that step. When all the evidence at the decisive step is that it repeats, the
 * decisive step is where the repeated content first appeared. Like a dead end (dead-end.ts), this
 * chooses only *which* step of an already chosen agent, never which agent.
 */
import type { EngineGraph } from "./build-graph";
import type { DetectorHit } from "./detectors/types";

export interface LoopEntry {
  /** Position of the step the loop repeats (its first occurrence). */
  step: number;
  /** Position of the decisive repeat it replaces. */
  repeat: number;
}

const REPETITION = "repetition-loop";
/** Links followed back through a chain of repeats (each link goes to an earlier step, so this only bounds work). */
const MAX_LINKS = 64;

/** The step that step `v` repeats, when every finding at v that counts is a repetition; else −1. */
function repeatedBy(g: EngineGraph, hits: DetectorHit[] | undefined, threshold: number): number {
  const counted = (hits ?? []).filter((h) => h.score >= threshold || !h.dependent);
  if (!counted.length || counted.some((h) => h.name !== REPETITION)) return -1;
  const id = counted[0].evidence.stepIds[1];
  return id === undefined ? -1 : (g.indexOf.get(id) ?? -1);
}

/** The first occurrence of what the decisive step `v` repeats, or null when v is not only a repeat. */
export function loopEntry(
  g: EngineGraph,
  byStep: Map<number, DetectorHit[]>,
  v: number,
  threshold: number,
): LoopEntry | null {
  let at = repeatedBy(g, byStep.get(v), threshold);
  if (at < 0 || at >= v) return null;
  for (let k = 0; k < MAX_LINKS; k++) {
    const hits = byStep.get(at)?.filter((h) => h.name === REPETITION) ?? [];
    const id = hits[0]?.evidence.stepIds[1];
    const earlier = id === undefined ? -1 : (g.indexOf.get(id) ?? -1);
    if (earlier < 0 || earlier >= at || g.agentOf[earlier] !== g.agentOf[v]) break;
    at = earlier;
  }
  return g.agentOf[at] === g.agentOf[v] ? { step: at, repeat: v } : null;
}
