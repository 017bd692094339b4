/**
 * The path corruption took from the decisive step to the outcome: the fewest-hop path over
 * transmitting edges through bad steps, plus the agent-level channel path with edge kinds.
 */
import type { EngineGraph } from "./build-graph";
import type { ChannelHop } from "./types";
import type { TEdgeKind } from "../trace/schema";

export interface PathResult {
  path: number[];
  pathEdges: number[];
  channel: ChannelHop[];
  /** Steps reached from the start over transmitting edges through bad steps. */
  reached: Uint8Array;
  /** Hop distance from the start (−1 when unreached). */
  dist: Int32Array;
}

export function propagationPath(g: EngineGraph, start: number, bad: Uint8Array, blocked: Uint8Array): PathResult {
  const dist = new Int32Array(g.n).fill(-1);
  const pred = new Int32Array(g.n).fill(-1);
  const reached = new Uint8Array(g.n);
  if (start < 0) return { path: [], pathEdges: [], channel: [], reached, dist };
  dist[start] = 0;
  reached[start] = 1;
  for (let v = start + 1; v < g.n; v++) {
    if (!bad[v] || blocked[v]) continue;
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) {
      const ei = g.inEdges[k];
      const e = g.edges[ei];
      if (!e.transmits || !reached[e.from]) continue;
      if (dist[v] < 0 || dist[e.from] + 1 < dist[v]) {
        dist[v] = dist[e.from] + 1;
        pred[v] = ei;
      }
    }
    if (dist[v] >= 0) reached[v] = 1;
  }
  const path: number[] = [];
  const pathEdges: number[] = [];
  if (reached[g.sink]) {
    for (let v = g.sink; v !== start; v = g.edges[pred[v]].from) {
      path.push(v);
      pathEdges.push(pred[v]);
    }
    path.push(start);
    path.reverse();
    pathEdges.reverse();
  } else path.push(start);
  return { path, pathEdges, channel: channelPath(g, pathEdges), reached, dist };
}

function channelPath(g: EngineGraph, pathEdges: number[]): ChannelHop[] {
  const hops: ChannelHop[] = [];
  let kinds: TEdgeKind[] = [];
  let ids: string[] = [];
  let from = -1;
  for (const ei of pathEdges) {
    const e = g.edges[ei];
    if (from < 0) from = g.agentOf[e.from];
    if (!kinds.includes(e.kind)) kinds.push(e.kind);
    ids.push(e.id);
    if (g.agentOf[e.to] !== from) {
      hops.push({
        fromAgent: g.agentNames[from],
        toAgent: g.agentNames[g.agentOf[e.to]],
        edgeKinds: kinds,
        edgeIds: ids,
      });
      from = g.agentOf[e.to];
      kinds = [];
      ids = [];
    }
  }
  return hops;
}
