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

/** The step that step `u` repeats, whatever else was found there, or −1. */
function repeatLink(g: EngineGraph, byStep: Map<number, DetectorHit[]>, u: number): number {
  const id = byStep.get(u)?.find((h) => h.name === REPETITION)?.evidence.stepIds[1];
  const at = id === undefined ? -1 : (g.indexOf.get(id) ?? -1);
  return at < u && at >= 0 && g.agentOf[at] === g.agentOf[u] ? at : -1;
}

/**
 * The first occurrence of what the decisive step `v` repeats, or null when v is not only a repeat.
 * A loop can cycle through several steps (a batch of calls sent again): the agent's repeats right
 * before v belong to the same loop, and the loop's entry is the earliest step any of them repeats,
 * followed back through repeats of repeats.
 */
export function loopEntry(
  g: EngineGraph,
  byStep: Map<number, DetectorHit[]>,
  v: number,
  threshold: number,
): LoopEntry | null {
  let at = repeatedBy(g, byStep.get(v), threshold);
  if (at < 0 || at >= v) return null;
  const agent = g.agentOf[v];
  let looked = 0;
  for (let u = v - 1; u > at && looked < MAX_LINKS; u--) {
    if (g.agentOf[u] !== agent) continue;
    looked++;
    const earlier = repeatLink(g, byStep, u);
    if (earlier < 0) break;
    at = Math.min(at, earlier);
  }
  for (let k = 0; k < MAX_LINKS; k++) {
    const earlier = repeatLink(g, byStep, at);
    if (earlier < 0) break;
    at = earlier;
  }
  return { step: at, repeat: v };
}
