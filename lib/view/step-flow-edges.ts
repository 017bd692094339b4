/**
 * The Steps canvas's edges: trace edges merged per pair of canvas nodes, plus the hops of the
 * propagation path that no trace edge draws.
 */
import { mergedEdgeId, pathLinkId } from "./canvas-ids";
import type { ReportIndex } from "./index-report";
import type { ChannelFlowEdge } from "./flow-types";
import type { CanvasEdge } from "./build-step-flow";

/** A merged edge keeps at most this many trace edge ids (the inspector lists them). */
const EDGE_IDS_MAX = 20;

/** One canvas edge per (source node, target node, kind, key); merged edges carry a count. */
export function mergeStepEdges(
  edges: CanvasEdge[],
  nodeOfStep: Map<string, string>,
  index: ReportIndex,
): ChannelFlowEdge[] {
  const merged = new Map<string, ChannelFlowEdge>();
  for (const e of edges) {
    const source = nodeOfStep.get(e.from);
    const target = nodeOfStep.get(e.to);
    if (!source || !target || source === target) continue;
    const id = mergedEdgeId(source, target, e.kind, e.key);
    const onPath = index.pathEdges.has(e.id);
    const existing = merged.get(id);
    if (existing) {
      const d = existing.data!;
      d.count += 1;
      d.onPath ||= onPath;
      if (d.edgeIds.length < EDGE_IDS_MAX) d.edgeIds.push(e.id);
      existing.id = id;
      continue;
    }
    const key = e.key !== undefined ? { key: e.key } : {};
    merged.set(id, {
      id: e.id,
      type: "channel",
      source,
      target,
      data: { kind: e.kind, ...key, count: 1, onPath, inferred: Boolean(e.inferred), edgeIds: [e.id] },
    });
  }
  return [...merged.values()];
}

/**
 * The engine links an agent to its own earlier output (`memory<i>`) and a nested agent's output to
 * its invoker (`return<c>`) without the trace stating an edge, so those links have no trace edge to
 * draw. Where the corruption travelled along one (two consecutive path steps that no drawn edge
 * joins), a dotted "path link" draws the hop, so the path on the canvas has no gaps. Off the path
 * they are not drawn (the legend says so): on every agent's every step they would double the edges.
 */
export function pathLinks(edges: CanvasEdge[], nodeOfStep: Map<string, string>, index: ReportIndex): ChannelFlowEdge[] {
  const path = index.report?.propagationPath ?? [];
  if (path.length < 2) return [];
  const joined = new Set<string>();
  for (const e of edges) {
    const source = nodeOfStep.get(e.from);
    const target = nodeOfStep.get(e.to);
    if (source && target) joined.add(`${source}\u0000${target}`);
  }
  const links: ChannelFlowEdge[] = [];
  for (let i = 1; i < path.length; i++) {
    const source = nodeOfStep.get(path[i - 1]);
    const target = nodeOfStep.get(path[i]);
    if (!source || !target || source === target || joined.has(`${source}\u0000${target}`)) continue;
    joined.add(`${source}\u0000${target}`);
    links.push({
      id: pathLinkId(path[i - 1], path[i]),
      type: "channel",
      source,
      target,
      data: { kind: "message", count: 1, onPath: true, inferred: true, implicit: true, edgeIds: [] },
    });
  }
  return links;
}
