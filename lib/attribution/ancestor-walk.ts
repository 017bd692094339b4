/**
 * The one ancestor walk of the engine: "could step v have seen something?" asked over the stated
 * edges. Value provenance (`claims/provenance.ts`: is step u an ancestor of v) and grounding
 * (`grounding.ts`: does an ancestor of v state x) both ask it, with different tests per ancestor;
 * the walk, its marks and its budgets live here once.
 *
 * Edges always point forward in step order (build-graph drops backward ones), so every ancestor of
 * v has a smaller index than v, and a test may prune everything below an index.
 *
 * Bounded: each walk stops after `perWalk` counted steps and then answers "found" (conservative: a
 * value that may have been seen is not an invention); an optional budget shared by all walks of one
 * walker does the same once spent, so a trace of n steps costs O(n) walk steps in all however the
 * queries fall.
 */
import type { EngineGraph } from "./build-graph";

/** What the walk does with one ancestor (plain numbers: this runs once per visited step). */
export const Visit = {
  /** The ancestor answers the query: stop, return true. */
  Found: 0,
  /** Not part of the question (e.g. below the index sought): neither counted nor expanded. */
  Skip: 1,
  /** Counted, not expanded (its own ancestors cannot answer). */
  Leaf: 2,
  /** Counted and expanded. */
  Expand: 3,
} as const;
export type Visit = (typeof Visit)[keyof typeof Visit];

export interface AncestorWalker {
  /**
   * Depth-first over the ancestors of v (each visited once per walk). True as soon as `test` says
   * Found, or when a budget runs out; false when the walk ends without either.
   */
  some(v: number, test: (w: number) => Visit): boolean;
}

export function ancestorWalker(g: EngineGraph, perWalk: number, shared = Infinity): AncestorWalker {
  const stamp = new Int32Array(g.n);
  let epoch = 0;
  const stack: number[] = [];
  let remaining = shared;
  return {
    some(v, test) {
      if (remaining <= 0) return true;
      epoch++;
      stack.length = 0;
      stack.push(v);
      stamp[v] = epoch;
      let visited = 0;
      while (stack.length) {
        const x = stack.pop()!;
        for (let k = g.inStart[x]; k < g.inStart[x + 1]; k++) {
          const w = g.edges[g.inEdges[k]].from;
          if (stamp[w] === epoch) continue;
          const t = test(w);
          if (t === Visit.Found) return true;
          if (t === Visit.Skip) continue;
          stamp[w] = epoch;
          if (++visited > perWalk || --remaining <= 0) return true;
          if (t === Visit.Expand) stack.push(w);
        }
      }
      return false;
    },
  };
}
