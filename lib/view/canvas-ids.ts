/**
 * The one owner of the canvas's composite ids: every id the canvas builders mint for a node or an
 * edge that is not a trace step or a trace edge is made here, and every place that needs to know
 * what such an id stands for asks here (components never take an id apart themselves).
 *
 *   step node        <step id>                       (a trace step)
 *   agent node       <agent name>                    (Agents mode)
 *   group node       group:<first step id>           (collapsed unremarkable steps of one agent)
 *   lane node        lane:<agent name>               (swimlane label, Steps mode)
 *   merged edge      merged:<source>|<target>|<kind>|<key>, each part URI-encoded
 *   agent edge       agents:<from>><to>><kind>
 *   path link        path:<from step>><to step>      (a hop of the propagation path the trace states
 *                                                    no edge for: the engine's memory/return links)
 */
import type { CanvasStep, ViewEdge } from "./types";

const GROUP = "group:";
const LANE = "lane:";
const MERGED = "merged:";
const AGENTS = "agents:";
const PATH = "path:";

export function groupId(firstStepId: string): string {
  return `${GROUP}${firstStepId}`;
}

/** The first step id of a group node id, or null for any other id. */
export function groupFirstStep(id: string): string | null {
  return id.startsWith(GROUP) ? id.slice(GROUP.length) : null;
}

export function laneId(agent: string): string {
  return `${LANE}${agent}`;
}

export function mergedEdgeId(source: string, target: string, kind: string, key: string | undefined): string {
  return `${MERGED}${[source, target, kind, key ?? ""].map(encodeURIComponent).join("|")}`;
}

/** The parts of a merged edge id, or null for any other id. */
export function parseMergedEdgeId(id: string): { source: string; target: string; kind: string; key: string } | null {
  if (!id.startsWith(MERGED)) return null;
  const parts = id.slice(MERGED.length).split("|");
  if (parts.length !== 4) return null;
  try {
    const [source, target, kind, key] = parts.map(decodeURIComponent);
    return { source, target, kind, key };
  } catch {
    return null;
  }
}

export function agentEdgeId(from: string, to: string, kind: string): string {
  return `${AGENTS}${from}>${to}>${kind}`;
}

export function pathLinkId(fromStep: string, toStep: string): string {
  return `${PATH}${encodeURIComponent(fromStep)}>${encodeURIComponent(toStep)}`;
}

/** The two steps of a path link id, or null for any other id. */
export function parsePathLinkId(id: string): { from: string; to: string } | null {
  if (!id.startsWith(PATH)) return null;
  const parts = id.slice(PATH.length).split(">");
  if (parts.length !== 2) return null;
  try {
    return { from: decodeURIComponent(parts[0]), to: decodeURIComponent(parts[1]) };
  } catch {
    return null;
  }
}

/** Most trace edges a merged canvas edge resolves to (the inspector lists them). */
const RESOLVE_MAX = 50;

/**
 * The trace edges a canvas edge id stands for: itself for a trace edge, the edges it merges for a
 * merged or agent edge, none for a path link (it has no trace edge) or an unknown id.
 */
export function resolveEdgeIds(
  edgeId: string,
  steps: Pick<CanvasStep, "id" | "agent">[],
  edges: Pick<ViewEdge, "id" | "from" | "to" | "kind" | "key">[],
): string[] {
  if (edges.some((e) => e.id === edgeId)) return [edgeId];
  const agentOf = new Map(steps.map((s) => [s.id, s.agent]));
  if (edgeId.startsWith(AGENTS)) {
    const ofAgents = (e: (typeof edges)[number]) =>
      agentEdgeId(agentOf.get(e.from) ?? "", agentOf.get(e.to) ?? "", e.kind);
    return edges
      .filter((e) => ofAgents(e) === edgeId)
      .slice(0, RESOLVE_MAX)
      .map((e) => e.id);
  }
  const merged = parseMergedEdgeId(edgeId);
  if (!merged) return [];
  const position = new Map(steps.map((s, i) => [s.id, i]));
  // A group holds its first step and the same agent's later steps up to the next visible one; the
  // edge's kind and key pin it down well enough for the inspector's list.
  const inNode = (node: string, stepId: string) => {
    if (node === stepId) return true;
    const first = groupFirstStep(node);
    if (first === null) return false;
    const a = position.get(first);
    const b = position.get(stepId);
    return a !== undefined && b !== undefined && b >= a && agentOf.get(first) === agentOf.get(stepId);
  };
  return edges
    .filter(
      (e) =>
        e.kind === merged.kind &&
        (e.key ?? "") === merged.key &&
        inNode(merged.source, e.from) &&
        inNode(merged.target, e.to),
    )
    .slice(0, RESOLVE_MAX)
    .map((e) => e.id);
}
