/**
 * Engine result + trace → Agents-canvas elements: one node per agent, one edge per
 * (from agent, to agent, channel kind) aggregating the typed interactions between them. Cheap for
 * any run size (O(steps + edges)), which is why huge runs open in this mode.
 */
import { standingFlags } from "./agent-standing";
import type { TAgent } from "../trace/schema";
import { agentEdgeId } from "./canvas-ids";
import type { ReportIndex } from "./index-report";
import type { AgentFlowNode, ChannelFlowEdge } from "./flow-types";
import type { CanvasEdge } from "./build-step-flow";
import type { CanvasStep, StepWindow } from "./types";
import type { ViewState } from "./view-state";

export { agentEdgeId };

/** Agent nodes; canvas.module.css sizes `.agent` the same (change both together). */
export const AGENT_NODE_WIDTH = 220;
export const AGENT_NODE_HEIGHT = 100;
/** CSS px of an agent node's name: the readable zoom derives from it. */
export const AGENT_LABEL_PX = 14;
const COL_GAP = 130;
const ROW_GAP = 60;
/** Stagger of odd columns, so edges between neighbours of one row do not run through nodes. */
const STAGGER = 30;
/** Layers beyond this wrap onto a new band below (a chain of 8 agents in one row opens as unreadable dots). */
export const AGENT_MAX_COLUMNS = 4;
/** A merged edge keeps at most this many trace edge ids (the inspector lists them). */
const EDGE_IDS_MAX = 20;

export interface AgentFlowInput {
  agents: TAgent[];
  steps: CanvasStep[];
  edges: CanvasEdge[];
  index: ReportIndex;
  state: Pick<ViewState, "kinds" | "hiddenAgents">;
  /**
   * Set when `steps`/`edges` are a window of a larger run: step counts, first appearances and edge
   * counts then come from its whole-run aggregates; the window's edges add ids and path marks.
   */
  window?: Pick<StepWindow, "density" | "agentLinks">;
}

/** Builds the Agents canvas with positions (layered left to right by first interaction). */
export function buildAgentFlow(input: AgentFlowInput): { nodes: AgentFlowNode[]; edges: ChannelFlowEdge[] } {
  const { agents, index, state } = input;
  const hidden = new Set(state.hiddenAgents);
  const visible = agents.map((a) => a.name).filter((n) => !hidden.has(n));
  const stats = agentStats(input);
  const edges = agentEdges(input, new Set(visible));
  const order = [...visible].sort(
    (a, b) => (stats.firstSeen.get(a) ?? Infinity) - (stats.firstSeen.get(b) ?? Infinity) || (a < b ? -1 : 1),
  );
  const positions = layerAgents(order, edges);
  const culprit = index.report?.decisive?.agent;
  const metaOf = new Map(agents.map((a) => [a.name, a]));
  const nodes: AgentFlowNode[] = order.map((agent) => {
    const report = index.agentById.get(agent);
    const meta = metaOf.get(agent);
    return {
      id: agent,
      type: "agent",
      width: AGENT_NODE_WIDTH,
      height: AGENT_NODE_HEIGHT,
      position: positions.get(agent)!,
      data: {
        agent,
        role: report?.role,
        ...(meta?.role ? { description: meta.role } : {}),
        blame: report ? report.blame : null,
        tokens: report?.tokens ?? stats.tokens.get(agent) ?? 0,
        stepCount: stats.stepCount.get(agent) ?? 0,
        ...standingFlags(index, agent),
        hasDecisiveStep: agent === culprit,
      },
    };
  });
  return { nodes, edges };
}

/** Steps, tokens and first appearance per agent (whole-run figures for a window). */
function agentStats({ steps, window }: AgentFlowInput) {
  const stepCount = new Map<string, number>();
  const tokens = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  steps.forEach((s, i) => {
    stepCount.set(s.agent, (stepCount.get(s.agent) ?? 0) + 1);
    const t = s.tokens?.total ?? (s.tokens?.input ?? 0) + (s.tokens?.output ?? 0);
    tokens.set(s.agent, (tokens.get(s.agent) ?? 0) + t);
    if (!firstSeen.has(s.agent)) firstSeen.set(s.agent, i);
  });
  if (window) {
    stepCount.clear();
    firstSeen.clear();
    const { binSize } = window.density;
    for (const lane of window.density.lanes) {
      stepCount.set(
        lane.agent,
        lane.steps.reduce((a, b) => a + b, 0),
      );
      const first = lane.steps.findIndex((n) => n > 0);
      if (first >= 0) firstSeen.set(lane.agent, first * binSize);
    }
  }
  return { stepCount, tokens, firstSeen };
}

/** One edge per (from agent, to agent, kind), plus path hops that no trace edge draws. */
function agentEdges({ steps, edges, index, state, window }: AgentFlowInput, visible: Set<string>): ChannelFlowEdge[] {
  const kinds = new Set(state.kinds);
  const agentOfStep = new Map(steps.map((s) => [s.id, s.agent]));
  const merged = new Map<string, ChannelFlowEdge>();
  const shown = (from: string | undefined, to: string | undefined): from is string =>
    !!from && !!to && from !== to && visible.has(from) && visible.has(to);
  for (const link of window?.agentLinks ?? []) {
    if (!kinds.has(link.kind) || !shown(link.from, link.to)) continue;
    const id = agentEdgeId(link.from, link.to, link.kind);
    const data = { kind: link.kind, count: link.count, onPath: false, inferred: false, edgeIds: [] };
    merged.set(id, { id, type: "channel", source: link.from, target: link.to, data });
  }
  for (const e of edges) {
    const from = agentOfStep.get(e.from);
    const to = agentOfStep.get(e.to);
    if (!kinds.has(e.kind) || !shown(from, to)) continue;
    const id = agentEdgeId(from, to!, e.kind);
    const onPath = index.pathEdges.has(e.id);
    const d = merged.get(id)?.data;
    if (d) {
      if (!window) d.count += 1; // a window's edges are already in the whole-run counts
      d.onPath ||= onPath;
      if (d.edgeIds.length < EDGE_IDS_MAX) d.edgeIds.push(e.id);
      d.inferred ||= Boolean(e.inferred);
      continue;
    }
    const data = { kind: e.kind, count: 1, onPath, inferred: Boolean(e.inferred), edgeIds: [e.id] };
    merged.set(id, { id, type: "channel", source: from, target: to!, data });
  }
  const joined = new Set([...merged.values()].map((e) => `${e.source}\u0000${e.target}`));
  for (const hop of index.report?.channelPath ?? []) {
    // A hop along the engine's own links (memory, return) only: draw it, dotted, so the path is whole.
    if (!shown(hop.fromAgent, hop.toAgent) || joined.has(`${hop.fromAgent}\u0000${hop.toAgent}`)) continue;
    joined.add(`${hop.fromAgent}\u0000${hop.toAgent}`);
    const id = agentEdgeId(hop.fromAgent, hop.toAgent, "message");
    const data = { kind: "message" as const, count: 1, onPath: true, inferred: true, implicit: true, edgeIds: [] };
    merged.set(id, { id, type: "channel", source: hop.fromAgent, target: hop.toAgent, data });
  }
  return [...merged.values()];
}

/**
 * Layering: an agent sits one column right of every earlier-seen agent that sends to it; columns
 * past AGENT_MAX_COLUMNS wrap onto bands below.
 */
function layerAgents(order: string[], edges: ChannelFlowEdge[]): Map<string, { x: number; y: number }> {
  const rank = new Map(order.map((a, i) => [a, i]));
  const column = new Map<string, number>();
  for (const agent of order) {
    let col = 0;
    for (const e of edges)
      if (e.target === agent && rank.get(e.source)! < rank.get(agent)!) col = Math.max(col, column.get(e.source)! + 1);
    column.set(agent, col);
  }
  const rowsUsed = new Map<number, number>();
  for (const col of column.values()) rowsUsed.set(col, (rowsUsed.get(col) ?? 0) + 1);
  // Height of one band of AGENT_MAX_COLUMNS layers: its tallest column, plus the stagger and a gap.
  const bandHeight = Math.max(1, ...rowsUsed.values()) * (AGENT_NODE_HEIGHT + ROW_GAP) + STAGGER + ROW_GAP;
  rowsUsed.clear();
  const positions = new Map<string, { x: number; y: number }>();
  for (const agent of order) {
    const col = column.get(agent)!;
    const row = rowsUsed.get(col) ?? 0;
    rowsUsed.set(col, row + 1);
    positions.set(agent, {
      x: (col % AGENT_MAX_COLUMNS) * (AGENT_NODE_WIDTH + COL_GAP),
      y: Math.floor(col / AGENT_MAX_COLUMNS) * bandHeight + row * (AGENT_NODE_HEIGHT + ROW_GAP) + (col % 2) * STAGGER,
    });
  }
  return positions;
}
