import type { TEdge, TStepInput } from "../../trace/schema";
import { makeEdgeContext } from "./edge-context";
import { inferDelegationEdges } from "./infer-delegation-edges";
import { inferMessageEdges } from "./infer-message-edges";
import { inferStateEdges } from "./infer-state-edges";
import { inferAggregationEdges } from "./infer-aggregation-edges";

/** Edges kept per step on average; beyond that the lowest-confidence ones are dropped. */
const MAX_EDGES_PER_STEP = 8;
const MAX_EDGES = 200_000;

/** Most specific kind wins when two rules link the same pair of steps. */
const KIND_PRIORITY: Record<TEdge["kind"], number> = { delegation: 4, state: 3, aggregation: 2, message: 1 };

/**
 * Runs every typed edge rule over steps in global order and returns de-duplicated edges: one edge
 * per (from, to) pair, of the most specific kind, in a stable order (by target, then source).
 * Huge traces are capped by dropping the weakest edges.
 */
export function inferEdges(steps: readonly TStepInput[]): TEdge[] {
  const ctx = makeEdgeContext(steps);
  const message = inferMessageEdges(ctx);
  const all = [...inferDelegationEdges(ctx), ...inferStateEdges(ctx), ...inferAggregationEdges(ctx, message), ...message];

  const byPair = new Map<string, TEdge>();
  for (let i = 0; i < all.length; i++) {
    const e = all[i];
    if (e.from === e.to) continue;
    const key = `${e.from}\u0000${e.to}`;
    const prev = byPair.get(key);
    if (!prev || KIND_PRIORITY[e.kind] > KIND_PRIORITY[prev.kind] || (e.kind === prev.kind && e.confidence > prev.confidence)) byPair.set(key, e);
  }
  let edges = [...byPair.values()];
  const cap = Math.min(MAX_EDGES, Math.max(64, steps.length * MAX_EDGES_PER_STEP));
  if (edges.length > cap) {
    edges = edges.sort((a, b) => b.confidence - a.confidence || KIND_PRIORITY[b.kind] - KIND_PRIORITY[a.kind]).slice(0, cap);
  }
  // Look each end up once, not twice per comparison.
  const at = (id: string) => ctx.indexOf.get(id) ?? -1;
  const keyed = edges.map((e) => ({ e, to: at(e.to), from: at(e.from), priority: KIND_PRIORITY[e.kind] }));
  keyed.sort((a, b) => a.to - b.to || a.from - b.from || b.priority - a.priority);
  return keyed.map((k) => k.e);
}
