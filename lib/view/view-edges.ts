import type { TEdge, TStep } from "../trace/schema";
import type { ViewEdge } from "./types";
import { edgeId } from "../attribution/edge-ids";

/**
 * Gives every trace edge the id the engine reports it under (`lib/attribution/edge-ids.ts`), so evidence
 * pointers (`channelPath[].edgeIds`, `evidence.edgeIds`) resolve to canvas edges. A trace without
 * edges gets the engine's fallback too: consecutive message edges with ids `inferred<i>`.
 */
export function toViewEdges(steps: Pick<TStep, "id">[], edges: TEdge[]): ViewEdge[] {
  if (edges.length > 0)
    return edges.map((e, i) => ({
      id: edgeId("stated", i),
      from: e.from,
      to: e.to,
      kind: e.kind,
      ...(e.key !== undefined ? { key: e.key } : {}),
      evidence: e.evidence,
      confidence: e.confidence,
    }));
  const inferred: ViewEdge[] = [];
  for (let i = 1; i < steps.length; i++)
    inferred.push({
      id: edgeId("inferred", i),
      from: steps[i - 1].id,
      to: steps[i].id,
      kind: "message",
      evidence: "inferred: the trace states no edges, so each step is assumed to see the previous one",
      confidence: 0.5,
      inferred: true,
    });
  return inferred;
}
