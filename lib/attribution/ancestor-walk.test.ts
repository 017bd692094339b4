import { describe, expect, it } from "vitest";
import { ZTrace } from "../trace/schema";
import { ancestorWalker, Visit } from "./ancestor-walk";
import { buildGraph, type EngineGraph } from "./build-graph";
import { DEFAULT_CONFIG } from "./config";
import { mulberry32 } from "./prng";

/** A random run with stated edges (forward, some long-range) over a few agents. */
function randomGraph(seed: number, n: number, agents: number): EngineGraph {
  const rand = mulberry32(seed);
  const steps = Array.from({ length: n }, (_, i) => ({
    id: `s${i}`,
    agent: `a${Math.floor(rand() * agents)}`,
    kind: "message" as const,
    content: `step ${i}`,
  }));
  const edges: { from: string; to: string; kind: "message" | "state" }[] = [];
  for (let i = 1; i < n; i++) {
    if (rand() < 0.4) edges.push({ from: `s${Math.floor(rand() * i)}`, to: `s${i}`, kind: "message" });
    if (rand() < 0.2) edges.push({ from: `s${Math.floor(rand() * i)}`, to: `s${i}`, kind: "state" });
  }
  if (edges.length === 0) edges.push({ from: "s0", to: `s${n - 1}`, kind: "message" });
  const trace = ZTrace.parse({
    schema: "culprit.trace/v1",
    run: { outcome: "failure" },
    agents: [...new Set(steps.map((s) => s.agent))].map((name) => ({ name })),
    steps,
    edges,
  });
  return buildGraph(trace, DEFAULT_CONFIG);
}

/** Ancestors of every step by brute force (the definition the walker must agree with). */
function ancestorSets(g: EngineGraph): Set<number>[] {
  const anc: Set<number>[] = [];
  for (let v = 0; v < g.n; v++) {
    const s = new Set<number>();
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) {
      const w = g.edges[g.inEdges[k]].from;
      s.add(w);
      for (const x of anc[w]) s.add(x);
    }
    anc.push(s);
  }
  return anc;
}

describe("ancestor walk", () => {
  it("answers 'is u an ancestor of v' exactly, by frontier, and by an unbounded walk", () => {
    const wrong: string[] = [];
    for (let seed = 1; seed <= 8; seed++) {
      const g = randomGraph(seed, 30 + seed * 3, 1 + (seed % 5));
      const anc = ancestorSets(g);
      const walker = ancestorWalker(g, Infinity);
      for (let v = 0; v < g.n; v++)
        for (let u = 0; u < g.n; u++) {
          const truth = anc[v].has(u);
          if (walker.isAncestor(u, v) !== truth) wrong.push(`frontier ${seed}: ${u}→${v}`);
          if (walker.surelyAncestor(u, v) && !truth) wrong.push(`forest ${seed}: ${u}→${v}`);
          if (walker.some(v, (w) => (w === u ? Visit.Found : w < u ? Visit.Skip : Visit.Expand)) !== truth)
            wrong.push(`walk ${seed}: ${u}→${v}`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it("gives each step's latest ancestor-or-self per agent", () => {
    const g = randomGraph(99, 60, 4);
    const anc = ancestorSets(g);
    const walker = ancestorWalker(g, Infinity);
    for (let v = 0; v < g.n; v++)
      for (let a = 0; a < g.agentNames.length; a++) {
        let latest = g.agentOf[v] === a ? v : -1;
        for (const u of anc[v]) if (g.agentOf[u] === a && u > latest) latest = u;
        expect(walker.latestOf(v, a)).toBe(latest);
      }
  });

  it("says 'surely' exactly for the chain of latest predecessors (the forest it is defined by)", () => {
    const wrong: string[] = [];
    for (let seed = 20; seed <= 25; seed++) {
      const g = randomGraph(seed, 50, 3);
      const latestPred = (v: number) => {
        let p = -1;
        for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) p = Math.max(p, g.edges[g.inEdges[k]].from);
        return p;
      };
      const walker = ancestorWalker(g, Infinity);
      for (let v = 0; v < g.n; v++) {
        const chain = new Set<number>();
        for (let p = latestPred(v); p >= 0; p = latestPred(p)) chain.add(p);
        for (let u = 0; u < g.n; u++)
          if (walker.surelyAncestor(u, v) !== chain.has(u)) wrong.push(`${seed}: ${u}→${v}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("knows a chain's steps surely see each other without walking", () => {
    const trace = ZTrace.parse({
      schema: "culprit.trace/v1",
      run: { outcome: "failure" },
      agents: [{ name: "a" }, { name: "b" }],
      steps: [0, 1, 2, 3].map((i) => ({ id: `s${i}`, agent: i % 2 ? "b" : "a", kind: "message", content: "x" })),
      edges: [1, 2, 3].map((i) => ({ from: `s${i - 1}`, to: `s${i}`, kind: "message" })),
    });
    const walker = ancestorWalker(buildGraph(trace, DEFAULT_CONFIG), 10);
    expect(walker.surelyAncestor(0, 3)).toBe(true);
    expect(walker.surelyAncestor(3, 0)).toBe(false);
    expect(walker.surelyAncestor(2, 2)).toBe(false);
  });

  it("answers true once a walk's own budget or the shared budget is spent (conservative), false when the walk ends", () => {
    const g = randomGraph(5, 80, 2);
    const anc = ancestorSets(g);
    const v = g.n - 1;
    const count = (test: (w: number) => Visit) => {
      let n = 0;
      ancestorWalker(g, Infinity).some(v, (w) => {
        const t = test(w);
        if (t !== Visit.Skip && t !== Visit.Found) n++;
        return t;
      });
      return n;
    };
    const never = () => Visit.Expand;
    const visited = count(never);
    expect(visited).toBe(anc[v].size);
    // Every ancestor counted once: a budget of exactly that many ends the walk without an answer.
    expect(ancestorWalker(g, visited).some(v, never)).toBe(false);
    expect(ancestorWalker(g, visited - 1).some(v, never)).toBe(true);
    expect(ancestorWalker(g, Infinity, visited + 1).some(v, never)).toBe(false);
    const shared = ancestorWalker(g, Infinity, visited);
    expect(shared.some(v, never)).toBe(true);
    // Once spent, every later question is answered "seen" without walking.
    expect(shared.some(0, () => Visit.Skip)).toBe(true);
    // Skipped steps are neither counted nor expanded; leaves are counted and not expanded.
    expect(ancestorWalker(g, 0).some(v, () => Visit.Skip)).toBe(false);
    expect(count(() => Visit.Leaf)).toBe(
      new Set(
        Array.from({ length: g.inStart[v + 1] - g.inStart[v] }, (_, k) => g.edges[g.inEdges[g.inStart[v] + k]].from),
      ).size,
    );
  });
});
