/**
 * DyLAN-style conserving backward flow (docs/methods.md, "DyLAN agent importance"). One unit of mass starts at the sink
 * and walks backwards; each step keeps (absorbs) a fraction of what reaches it and passes the rest
 * to its inputs in proportion to edge weights (peer ratings when the step carries them in
 * `attributes.ratings`, as {stepId: 1..5}; deterministic edge weights otherwise). Mass that reaches
 * a step with no weighted inputs goes to an explicit system bucket. Σ absorbed + system = 1.
 */
import type { EngineGraph } from "./build-graph";

export interface FlowResult {
  absorbed: Float64Array;
  systemBucket: number;
}

export function backwardFlow(g: EngineGraph, absorb: (v: number) => number): FlowResult {
  const mass = new Float64Array(g.n);
  const absorbed = new Float64Array(g.n);
  let systemBucket = 0;
  if (g.n === 0) return { absorbed, systemBucket: 1 };
  mass[g.sink] = 1;
  for (let v = g.sink; v >= 0; v--) {
    const m = mass[v];
    if (m === 0) continue;
    const a = Math.min(1, Math.max(0, absorb(v)));
    absorbed[v] = m * a;
    const pass = m - absorbed[v];
    if (pass <= 0) continue;
    const ratings = readRatings(g, v);
    let total = 0;
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) total += edgeWeight(g, g.inEdges[k], ratings);
    if (total <= 0) {
      systemBucket += pass;
      continue;
    }
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) {
      const ei = g.inEdges[k];
      mass[g.edges[ei].from] += (pass * edgeWeight(g, ei, ratings)) / total;
    }
  }
  return { absorbed, systemBucket };
}

function readRatings(g: EngineGraph, v: number): Record<string, number> | null {
  const r = g.steps[v].attributes?.["ratings"];
  return r && typeof r === "object" ? (r as Record<string, number>) : null;
}

/** DyLAN's raw rating weight: s/5 for 0 < s ≤ 5, 1 above, 0 otherwise. */
function edgeWeight(g: EngineGraph, ei: number, ratings: Record<string, number> | null): number {
  const e = g.edges[ei];
  if (ratings) {
    const s = Number(ratings[g.steps[e.from].id]);
    if (Number.isFinite(s)) return s > 5 ? 1 : s > 0 ? s / 5 : 0;
  }
  return e.weight;
}
