/**
 * The one ancestor walk of the engine: "could step v have seen something?" asked over the stated
 * edges. Value provenance (`claims/provenance.ts`: is step u an ancestor of v) and grounding
 * (`grounding.ts`: does an ancestor of v state x) both ask it, with different tests per ancestor;
 * the walk, its marks and its budgets live here once.
 *
 * Edges always point forward in step order (build-graph drops backward ones), so every ancestor of
 * v has a smaller index than v, and a test may prune everything below an index.
 *
 * Most questions need no walk. The engine links every agent's steps into a chain (build-graph's
 * agent memory edges), so u is an ancestor of v exactly when v has an ancestor-or-self of u's agent
 * at or after u. Per step and agent, the latest such step (the *frontier*) is one max over the
 * in-edges, O(edges × agents) in all: then "is u an ancestor of v" is one lookup, and "does an
 * ancestor of v state x" one lookup per agent that states x. The frontier is built only when the
 * chains are there (checked) and the table is small enough (MAX_FRONTIER_CELLS); otherwise a
 * latest-predecessor forest still answers many "yes" in O(1) and the walk answers the rest.
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

/** Steps × agents above which no frontier table is built (32 MB of Int32): the walks answer instead. */
const MAX_FRONTIER_CELLS = 8_000_000;

export interface AncestorWalker {
  /** Whether u is an ancestor of v, exactly, when the frontier is available (see the module comment); else undefined. */
  isAncestor(u: number, v: number): boolean | undefined;
  /** The latest step of agent a that is v or an ancestor of v (−1: none), when the frontier is available; else undefined. */
  latestOf(v: number, a: number): number | undefined;
  /**
   * A sure "u is an ancestor of v" in O(1), without walking: u is an ancestor of v in the spanning
   * forest that keeps each step's latest predecessor (a chat log's message chain, a worker's
   * sequence of calls). False means "not known", not "no": the caller walks then.
   */
  surelyAncestor(u: number, v: number): boolean;
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
  let forest: { tin: Int32Array; tout: Int32Array } | undefined;
  let frontier: Int32Array | null | undefined;
  const A = g.agentNames.length;
  return {
    isAncestor(u, v) {
      if (u >= v) return false;
      frontier ??= agentFrontier(g);
      return frontier ? frontier[v * A + g.agentOf[u]] >= u : undefined;
    },
    latestOf(v, a) {
      frontier ??= agentFrontier(g);
      return frontier ? frontier[v * A + a] : undefined;
    },
    surelyAncestor(u, v) {
      if (u >= v) return false;
      forest ??= latestPredecessorForest(g);
      return forest.tin[u] <= forest.tin[v] && forest.tout[v] <= forest.tout[u];
    },
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

/**
 * Entry and exit times of a depth-first pass over the forest in which each step's parent is its
 * latest predecessor over edges: u is a forest ancestor of v iff tin[u] ≤ tin[v] and tout[v] ≤ tout[u].
 * Every forest ancestor is an ancestor over edges (the forest keeps only existing edges). O(n + edges).
 */
function latestPredecessorForest(g: EngineGraph): { tin: Int32Array; tout: Int32Array } {
  const parent = new Int32Array(g.n).fill(-1);
  for (let v = 0; v < g.n; v++)
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) {
      const w = g.edges[g.inEdges[k]].from;
      if (w < v && w > parent[v]) parent[v] = w;
    }
  // Children in compressed rows.
  const start = new Int32Array(g.n + 1);
  for (let v = 0; v < g.n; v++) if (parent[v] >= 0) start[parent[v] + 1]++;
  for (let v = 0; v < g.n; v++) start[v + 1] += start[v];
  const fill = start.slice(0, g.n);
  const child = new Int32Array(start[g.n]);
  for (let v = 0; v < g.n; v++) if (parent[v] >= 0) child[fill[parent[v]]++] = v;
  const tin = new Int32Array(g.n);
  const tout = new Int32Array(g.n);
  const next = start.slice(0, g.n); // next child to enter, per step
  const stack: number[] = [];
  let clock = 0;
  for (let r = 0; r < g.n; r++) {
    if (parent[r] >= 0) continue;
    tin[r] = clock++;
    stack.push(r);
    while (stack.length) {
      const x = stack[stack.length - 1];
      if (next[x] < start[x + 1]) {
        const c = child[next[x]++];
        tin[c] = clock++;
        stack.push(c);
      } else {
        tout[x] = clock++;
        stack.pop();
      }
    }
  }
  return { tin, tout };
}

/**
 * frontier[v · A + a] = the latest step of agent a that is v or an ancestor of v, or −1; null when
 * some agent's consecutive steps are not linked by an edge (then the chain argument does not hold)
 * or the table would be too large.
 */
function agentFrontier(g: EngineGraph): Int32Array | null {
  const A = g.agentNames.length;
  if (g.n * A > MAX_FRONTIER_CELLS) return null;
  const prev = new Int32Array(A).fill(-1);
  for (let v = 0; v < g.n; v++) {
    const p = prev[g.agentOf[v]];
    if (p >= 0) {
      let linked = false;
      for (let k = g.inStart[v]; k < g.inStart[v + 1] && !linked; k++) linked = g.edges[g.inEdges[k]].from === p;
      if (!linked) return null;
    }
    prev[g.agentOf[v]] = v;
  }
  const f = new Int32Array(g.n * A).fill(-1);
  for (let v = 0; v < g.n; v++) {
    const row = v * A;
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) {
      const w = g.edges[g.inEdges[k]].from * A;
      for (let a = 0; a < A; a++) if (f[w + a] > f[row + a]) f[row + a] = f[w + a];
    }
    f[row + g.agentOf[v]] = v;
  }
  return f;
}
