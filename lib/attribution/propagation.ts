/**
 * The propagation model over the typed graph (docs/methods.md, "The repair model"), full passes in
 * step order (a topological order):
 * - Boolean: B_v = L_v ∨ inherited_v, inherited over transmitting edges (OR), except at vote
 *   aggregators (majority of inputs bad) and select aggregators (the chosen input), and at blocking
 *   verifiers, which inherit nothing (they really checked and rejected).
 *   A step whose only evidence is `dependent` (a wrong value, a failed approval) and which inherits
 *   corruption is a symptom, not an origin: its local fault is dropped, so repairing the upstream
 *   origin repairs it too (Who&When's intervention re-runs everything downstream).
 * - Probabilistic (noisy-OR): P_v = 1 − (1 − p_v) · Π_u (1 − P_u · w_uv); majority via a
 *   Poisson-binomial tail for vote aggregators.
 */
import type { EngineGraph } from "./build-graph";
import type { AggregatorInfo } from "./aggregation-rules";

export interface PropagationInput {
  g: EngineGraph;
  aggregators: Map<number, AggregatorInfo>;
  /** 1 for steps that block inherited corruption. */
  blocked: Uint8Array;
}

export interface BooleanState {
  bad: Uint8Array;
  /** Reached by corruption from upstream (independently of its own fault). */
  inherited: Uint8Array;
  /** Local faults that are origins (dependent symptoms of inherited corruption removed). */
  origins: Uint8Array;
}

export function propagateBoolean(
  { g, aggregators, blocked }: PropagationInput,
  local: Uint8Array,
  dependent?: Uint8Array,
): BooleanState {
  const bad = new Uint8Array(g.n);
  const inherited = new Uint8Array(g.n);
  const origins = new Uint8Array(g.n);
  for (let v = 0; v < g.n; v++) {
    let inh = 0;
    if (!blocked[v]) {
      const agg = aggregators.get(v);
      const aggInputs = agg && (agg.rule === "vote" || agg.rule === "select") ? new Set(agg.inputs) : null;
      for (let k = g.inStart[v]; k < g.inStart[v + 1] && !inh; k++) {
        const ei = g.inEdges[k];
        if (aggInputs?.has(ei)) continue;
        const e = g.edges[ei];
        if (e.transmits && bad[e.from]) inh = 1;
      }
      if (!inh && agg && aggInputs) {
        if (agg.rule === "select") inh = agg.selectedEdge >= 0 && bad[g.edges[agg.selectedEdge].from] ? 1 : 0;
        else {
          let c = 0;
          for (const ei of agg.inputs) if (bad[g.edges[ei].from]) c++;
          inh = c * 2 > agg.inputs.length ? 1 : 0;
        }
      }
    }
    inherited[v] = inh;
    origins[v] = local[v] && !(inh && dependent?.[v]) ? 1 : 0;
    bad[v] = local[v] || inh ? 1 : 0;
  }
  return { bad, inherited, origins };
}

export function propagateProbabilistic(
  { g, aggregators, blocked }: PropagationInput,
  fault: Float64Array,
): Float64Array {
  const p = new Float64Array(g.n);
  for (let v = 0; v < g.n; v++) {
    let clean = 1 - fault[v];
    if (!blocked[v]) {
      const agg = aggregators.get(v);
      const special = agg && (agg.rule === "vote" || agg.rule === "select") ? new Set(agg.inputs) : null;
      for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) {
        const ei = g.inEdges[k];
        if (special?.has(ei)) continue;
        const e = g.edges[ei];
        clean *= 1 - p[e.from] * e.weight;
      }
      if (agg && special) {
        const pin =
          agg.rule === "select"
            ? agg.selectedEdge >= 0
              ? p[g.edges[agg.selectedEdge].from]
              : 0
            : majorityProbability(agg.inputs.map((ei) => p[g.edges[ei].from]));
        clean *= 1 - pin;
      }
    }
    p[v] = 1 - clean;
  }
  return p;
}

/** P(more than half of independent Bernoulli(ps) are 1), by dynamic programming over counts. */
export function majorityProbability(ps: number[]): number {
  let dist = [1];
  for (const q of ps) {
    const next = new Array(dist.length + 1).fill(0);
    dist.forEach((d, c) => {
      next[c] += d * (1 - q);
      next[c + 1] += d * q;
    });
    dist = next;
  }
  let tail = 0;
  for (let c = 0; c < dist.length; c++) if (c * 2 > ps.length) tail += dist[c];
  return tail;
}
