/**
 * Engine result + trace → Agents-canvas elements: one node per agent, one edge per
 * (from agent, to agent, channel kind) aggregating the typed interactions between them. Cheap for
 * any run size (O(steps + edges)), which is why huge runs open in this mode.
 */
import { standingFlags } from "./agent-standing";
import type { TAgent } from "../trace/schema";
import type { ReportIndex } from "./index-report";
import type { AgentFlowNode, ChannelFlowEdge } from "./flow-types";
import type { CanvasEdge } from "./build-step-flow";
import type { CanvasStep, StepWindow } from "./types";
import type { ViewState } from "./view-state";

export const AGENT_NODE_WIDTH = 190;
export const AGENT_NODE_HEIGHT = 96;
const COL_GAP = 130;
const ROW_GAP = 60;
/** Layers beyond this wrap onto a new band below (a chain of 8 agents in one row opens as unreadable dots). */
export const AGENT_MAX_COLUMNS = 4;

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

export function agentEdgeId(from: string, to: string, kind: string): string {
  return `agents:${from}>${to}>${kind}`;
}

/** Builds the Agents canvas with positions (layered left to right by first interaction). */
export function buildAgentFlow({ agents, steps, edges, index, state, window }: AgentFlowInput): { nodes: AgentFlowNode[]; edges: ChannelFlowEdge[] } {
  const hidden = new Set(state.hiddenAgents);
  const kinds = new Set(state.kinds);
  const agentOfStep = new Map(steps.map((s) => [s.id, s.agent]));
  const stepCount = new Map<string, number>();
  const tokens = new Map<string, number>();
  const firstSeen = new Map<string, number>();
  steps.forEach((s, i) => {
    stepCount.set(s.agent, (stepCount.get(s.agent) ?? 0) + 1);
    tokens.set(s.agent, (tokens.get(s.agent) ?? 0) + (s.tokens?.total ?? (s.tokens?.input ?? 0) + (s.tokens?.output ?? 0)));
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
  const visible = agents.map((a) => a.name).filter((n) => !hidden.has(n));
  const visibleSet = new Set(visible);

  const merged = new Map<string, ChannelFlowEdge>();
  for (const link of window?.agentLinks ?? []) {
    if (!kinds.has(link.kind) || link.from === link.to || !visibleSet.has(link.from) || !visibleSet.has(link.to)) continue;
    const id = agentEdgeId(link.from, link.to, link.kind);
    merged.set(id, {
      id,
      type: "channel",
      source: link.from,
      target: link.to,
      data: { kind: link.kind, count: link.count, onPath: false, inferred: false, edgeIds: [] },
    });
  }
  for (const e of edges) {
    if (!kinds.has(e.kind)) continue;
    const from = agentOfStep.get(e.from);
    const to = agentOfStep.get(e.to);
    if (!from || !to || from === to || !visibleSet.has(from) || !visibleSet.has(to)) continue;
    const id = agentEdgeId(from, to, e.kind);
    const onPath = index.pathEdges.has(e.id);
    const existing = merged.get(id);
    if (existing) {
      if (!window) existing.data!.count += 1; // a window's edges are already in the whole-run counts
      existing.data!.onPath ||= onPath;
      if (existing.data!.edgeIds.length < 20) existing.data!.edgeIds.push(e.id);
      existing.data!.inferred ||= Boolean(e.inferred);
    } else
      merged.set(id, {
        id,
        type: "channel",
        source: from,
        target: to,
        data: { kind: e.kind, count: 1, onPath, inferred: Boolean(e.inferred), edgeIds: [e.id] },
      });
  }
  const flowEdges = [...merged.values()];

  // Layering: an agent sits one column right of every earlier-seen agent that sends to it.
  const order = [...visible].sort((a, b) => (firstSeen.get(a) ?? Infinity) - (firstSeen.get(b) ?? Infinity) || (a < b ? -1 : 1));
  const rank = new Map(order.map((a, i) => [a, i]));
  const column = new Map<string, number>();
  for (const agent of order) {
    let col = 0;
    for (const e of flowEdges) if (e.target === agent && rank.get(e.source)! < rank.get(agent)!) col = Math.max(col, column.get(e.source)! + 1);
    column.set(agent, col);
  }
  const rowsUsed = new Map<number, number>();
  for (const col of column.values()) rowsUsed.set(col, (rowsUsed.get(col) ?? 0) + 1);
  // Height of one band of AGENT_MAX_COLUMNS layers: its tallest column, plus the stagger and a gap.
  const bandHeight = Math.max(1, ...rowsUsed.values()) * (AGENT_NODE_HEIGHT + ROW_GAP) + 30 + ROW_GAP;
  rowsUsed.clear();
  const culprit = index.report?.decisive?.agent;
  const metaOf = new Map(agents.map((a) => [a.name, a]));
  const nodes: AgentFlowNode[] = order.map((agent) => {
    const col = column.get(agent)!;
    const row = rowsUsed.get(col) ?? 0;
    rowsUsed.set(col, row + 1);
    const report = index.agentById.get(agent);
    const meta = metaOf.get(agent);
    return {
      id: agent,
      type: "agent",
      width: AGENT_NODE_WIDTH,
      height: AGENT_NODE_HEIGHT,
      position: {
        x: (col % AGENT_MAX_COLUMNS) * (AGENT_NODE_WIDTH + COL_GAP),
        y: Math.floor(col / AGENT_MAX_COLUMNS) * bandHeight + row * (AGENT_NODE_HEIGHT + ROW_GAP) + (col % 2) * 30,
      },
      data: {
        agent,
        role: report?.role,
        ...(meta?.role ? { description: meta.role } : {}),
        blame: report ? report.blame : null,
        tokens: report?.tokens ?? tokens.get(agent) ?? 0,
        stepCount: stepCount.get(agent) ?? 0,
        ...standingFlags(index, agent),
        hasDecisiveStep: agent === culprit,
      },
    };
  });
  return { nodes, edges: flowEdges };
}
