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

/** An edge with its ends' step indexes, looked up once rather than per comparison. */
interface Keyed {
  e: TEdge;
  to: number;
  from: number;
  priority: number;
}

/**
 * Runs every typed edge rule over steps in global order and returns de-duplicated edges: one edge
 * per (from, to) pair, of the most specific kind, in a stable order (by target, then source).
 * Huge traces are capped by dropping the weakest edges.
 */
export function inferEdges(steps: readonly TStepInput[]): TEdge[] {
  const ctx = makeEdgeContext(steps);
  const message = inferMessageEdges(ctx);
  const all = [
    ...inferDelegationEdges(ctx),
    ...inferStateEdges(ctx),
    ...inferAggregationEdges(ctx, message),
    ...message,
  ];

  // Pair key from the two step indexes: a number, where a `from\0to` string key would cost a
  // concatenation and a hash per edge. Ids that name no step (none today) share index -1.
  const n = steps.length + 1;
  const at = (id: string) => ctx.indexOf.get(id);
  const byPair = new Map<number, Keyed>();
  for (let i = 0; i < all.length; i++) {
    const e = all[i];
    if (e.from === e.to) continue;
    const from = at(e.from);
    const to = at(e.to);
    const key = (to + 1) * n + (from + 1);
    const prev = byPair.get(key)?.e;
    if (
      !prev ||
      KIND_PRIORITY[e.kind] > KIND_PRIORITY[prev.kind] ||
      (e.kind === prev.kind && e.confidence > prev.confidence)
    )
      byPair.set(key, { e, to, from, priority: KIND_PRIORITY[e.kind] });
  }
  let keyed = [...byPair.values()];
  const cap = Math.min(MAX_EDGES, Math.max(64, steps.length * MAX_EDGES_PER_STEP));
  if (keyed.length > cap) {
    keyed = keyed.sort((a, b) => b.e.confidence - a.e.confidence || b.priority - a.priority).slice(0, cap);
  }
  keyed.sort((a, b) => a.to - b.to || a.from - b.from || b.priority - a.priority);
  return keyed.map((k) => k.e);
}
