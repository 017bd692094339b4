/**
 * Messages quoted whole: a debate harness wraps each answer it relays in a fence ("One agent
 * solution: ```…```"), verbatim. A fenced block whose whole text is another speaker's earlier message
 * forwards that message; it asks for no run (see `asksForRun`). Every step's text is hashed once per
 * graph, when a block is first looked up; texts longer than MAX_QUOTE are not looked up (a fence around them is read as before).
 */
import type { EngineGraph } from "../build-graph";

const MAX_QUOTE = 20_000;

const firstStepOf = new WeakMap<EngineGraph, Map<string, number>>();

/** For step `v`: whether a block is, trimmed, the whole text of an earlier step by another speaker. */
export function quotedBefore(g: EngineGraph, v: number): (block: string) => boolean {
  return (block) => {
    if (!block || block.length > MAX_QUOTE) return false;
    const u = firstSteps(g).get(block);
    return u !== undefined && u < v && g.agentOf[u] !== g.agentOf[v];
  };
}

/** Each text's first step, hashed on the first lookup: most runs hold no fenced block to look up. */
function firstSteps(g: EngineGraph): Map<string, number> {
  let first = firstStepOf.get(g);
  if (first) return first;
  first = new Map();
  for (let u = 0; u < g.n; u++) {
    if (g.wrapper[u]) continue;
    const text = g.steps[u].content ?? "";
    if (text.length > MAX_QUOTE) continue;
    const key = text.trim();
    if (key && !first.has(key)) first.set(key, u);
  }
  firstStepOf.set(g, first);
  return first;
}
