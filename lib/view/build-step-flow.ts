/**
 * Engine result + trace → Steps-canvas elements: one node per step in its agent's lane, one edge
 * per typed channel. Huge runs get collapsed groups: consecutive unremarkable steps of one agent
 * become a single node, so a 10k-step run opens with a few hundred nodes; anything on the
 * propagation path, failed, repairing, or selected always stays visible. Steps the engine found
 * corrupted off the path (downstream bystanders: in a long failed run that can be most of it) are
 * grouped too; their group says how many it holds and takes the "carried" tint.
 */
import { standingFlags } from "./agent-standing";
import type { TAgent } from "../trace/schema";
import { groupId, laneId } from "./canvas-ids";
import { stepMark, type ReportIndex } from "./index-report";
import type { ChannelFlowEdge, GroupFlowNode, LaneFlowNode, StepFlowNode } from "./flow-types";
import { LANE_HEIGHT, STEP_NODE_HEIGHT, STEP_NODE_WIDTH, type LayoutInput } from "./layout-swimlanes";
import { mergeStepEdges, pathLinks } from "./step-flow-edges";
import { stepAction } from "./step-label";
import { previewText } from "./summarize-run";
import type { CanvasStep, ViewEdge } from "./types";
import type { ViewState } from "./view-state";

export { groupId };

/** The edge fields the canvas needs. */
export type CanvasEdge = Pick<ViewEdge, "id" | "from" | "to" | "kind" | "key" | "inferred">;
/** Lane label width; step nodes start right of it. */
export const LANE_LABEL_NODE_WIDTH = 160;

/**
 * Above this many visible steps, unremarkable runs collapse into groups. Below the large-run window
 * (PAGE_WINDOW_STEPS = 1500, lib/view/step-window.ts), so a large run's Steps view opens collapsed:
 * a thousand step nodes are not read one by one, and fewer nodes make the first render cheaper.
 */
export const COLLAPSE_ABOVE_STEPS = 1000;
/** A run shorter than this is not worth a group node. */
const MIN_GROUP = 3;

export interface StepFlowInput {
  agents: TAgent[];
  steps: CanvasStep[];
  edges: CanvasEdge[];
  index: ReportIndex;
  state: Pick<ViewState, "kinds" | "hiddenAgents" | "selection"> & Partial<Pick<ViewState, "range">>;
  /** Group ids the user expanded. */
  expanded?: ReadonlySet<string>;
  /** Steps that must stay visible when the view collapses (e.g. a selected trajectory flag's steps). */
  keepVisible?: ReadonlySet<string>;
  collapseAbove?: number;
  /** Run-wide index of `steps[0]` when the steps are a window of a larger run (range and order are run-wide). */
  offset?: number;
}

export interface StepFlow {
  nodes: (StepFlowNode | GroupFlowNode)[];
  laneNodes: LaneFlowNode[];
  edges: ChannelFlowEdge[];
  layout: LayoutInput;
  /** Canvas node id that shows each visible step (itself, or its group). */
  nodeOfStep: Map<string, string>;
  collapsed: boolean;
}

type Indexed = { s: CanvasStep; idx: number };

/** Builds the Steps canvas; positions are filled in by the layout (see `layoutSwimlanes`). */
export function buildStepFlow(input: StepFlowInput): StepFlow {
  const { agents, steps, edges, index, state } = input;
  const hidden = new Set(state.hiddenAgents);
  const laneAgents = agents.map((a) => a.name).filter((name) => !hidden.has(name));
  const laneOf = new Map(laneAgents.map((name, i) => [name, i]));
  const [lo, hi] = state.range ?? [0, Infinity];
  const offset = input.offset ?? 0;
  const visibleSteps = steps
    .map((s, i) => ({ s, idx: offset + i }))
    .filter(({ s, idx }) => laneOf.has(s.agent) && idx >= lo && idx <= hi);
  const kinds = new Set(state.kinds);
  const visibleEdges = edges.filter((e) => kinds.has(e.kind));
  const collapse = visibleSteps.length > (input.collapseAbove ?? COLLAPSE_ABOVE_STEPS);
  const keep = collapse ? remarkableSteps(input, visibleEdges) : null;
  const { nodes, items, nodeOfStep } = placeSteps(input, visibleSteps, laneAgents, laneOf, keep);

  // Path links stand for message-like engine links: they follow the message filter. They are drawn
  // only where no trace edge (shown or filtered out) joins the two nodes.
  const links = kinds.has("message") ? pathLinks(edges, nodeOfStep, index) : [];
  const flowEdges = [...mergeStepEdges(visibleEdges, nodeOfStep, index), ...links];
  return {
    nodes,
    laneNodes: buildLaneNodes(laneAgents, index),
    edges: flowEdges,
    layout: {
      items,
      links: flowEdges.map((e) => ({ source: e.source, target: e.target })),
      laneCount: laneAgents.length,
    },
    nodeOfStep,
    collapsed: collapse,
  };
}

/** One node per kept step, one group per run of ≥ MIN_GROUP other steps of one agent. */
function placeSteps(
  input: StepFlowInput,
  visibleSteps: Indexed[],
  laneAgents: string[],
  laneOf: Map<string, number>,
  keep: Set<string> | null,
) {
  const { edges, index } = input;
  const aggregates = new Set(edges.filter((e) => e.kind === "aggregation").map((e) => e.to));
  const nodes: (StepFlowNode | GroupFlowNode)[] = [];
  const items: LayoutInput["items"] = [];
  const nodeOfStep = new Map<string, string>();
  const pending = new Map<string, Indexed[]>(); // per agent: the current run of boring steps

  const pushStep = ({ s, idx }: Indexed) => {
    nodes.push(stepNode(s, idx, index, aggregates));
    items.push({ id: s.id, lane: laneOf.get(s.agent)!, order: idx });
    nodeOfStep.set(s.id, s.id);
  };
  const flushRun = (agent: string) => {
    const run = pending.get(agent);
    if (!run || run.length === 0) return;
    pending.set(agent, []);
    const id = groupId(run[0].s.id);
    if (run.length < MIN_GROUP || input.expanded?.has(id)) {
      for (const r of run) pushStep(r);
      return;
    }
    const group = groupNode(id, agent, run, index);
    nodes.push(group);
    items.push({ id, lane: laneOf.get(agent)!, order: run[0].idx });
    for (const sid of group.data.stepIds) nodeOfStep.set(sid, id);
  };

  for (const item of visibleSteps) {
    if (keep && !keep.has(item.s.id)) {
      const run = pending.get(item.s.agent);
      if (run) run.push(item);
      else pending.set(item.s.agent, [item]);
      continue;
    }
    flushRun(item.s.agent);
    pushStep(item);
  }
  for (const agent of laneAgents) flushRun(agent);
  return { nodes, items, nodeOfStep };
}

function stepNode(s: CanvasStep, idx: number, index: ReportIndex, aggregates: Set<string>): StepFlowNode {
  const report = index.stepById.get(s.id);
  return {
    id: s.id,
    type: "step",
    position: { x: 0, y: 0 },
    // Fixed dimensions: React Flow can cull and fit before (and without) measuring the DOM.
    width: STEP_NODE_WIDTH,
    height: STEP_NODE_HEIGHT,
    data: {
      stepId: s.id,
      number: idx + 1,
      agent: s.agent,
      kind: s.kind,
      action: stepAction(s),
      preview: s.preview ?? previewText(s.content || s.error?.message || s.tool?.result || ""),
      mark: stepMark(index, s.id, s.status),
      ...(index.suspectRank.has(s.id) ? { suspectRank: index.suspectRank.get(s.id) } : {}),
      status: s.status ?? "unset",
      fault: report?.fault ?? 0,
      aggregates: s.kind === "aggregate" || aggregates.has(s.id),
      ...(s.state ? { stateKey: s.state.key } : {}),
    },
  };
}

function groupNode(id: string, agent: string, run: Indexed[], index: ReportIndex): GroupFlowNode {
  const stepIds = run.map((r) => r.s.id);
  let carried = 0;
  for (const sid of stepIds) if (stepMark(index, sid, undefined) === "carried") carried++;
  return {
    id,
    type: "stepGroup",
    position: { x: 0, y: 0 },
    width: STEP_NODE_WIDTH,
    height: STEP_NODE_HEIGHT,
    data: { agent, stepIds, firstIdx: run[0].idx, lastIdx: run[run.length - 1].idx, carried },
  };
}

/**
 * Steps that must stay visible in a collapsed view: the story (decisive step, propagation path and
 * the edges along it), failures, repairs, and what the reader picked. Corrupted steps off the path
 * are not the story: they go into groups (which count them), or a run where every step read a bad
 * value would not collapse at all.
 */
function remarkableSteps({ steps, index, state, keepVisible }: StepFlowInput, edges: CanvasEdge[]): Set<string> {
  const keep = new Set<string>(keepVisible ?? []);
  for (const s of steps) {
    const mark = stepMark(index, s.id, s.status);
    const remarkable = s.status === "error" || (mark !== "neutral" && mark !== "carried");
    if (remarkable || index.pathSteps.has(s.id) || index.stepById.get(s.id)?.onPath) keep.add(s.id);
  }
  for (const e of edges)
    if (index.pathEdges.has(e.id)) {
      keep.add(e.from);
      keep.add(e.to);
    }
  // The run's last step is its answer: the story ends there.
  if (steps.length > 0) keep.add(steps[steps.length - 1].id);
  const selection = state.selection;
  if (selection?.type === "step") keep.add(selection.id);
  if (selection?.type === "edge") {
    const e = edges.find((x) => x.id === selection.id);
    if (e) {
      keep.add(e.from);
      keep.add(e.to);
    }
  }
  return keep;
}

function buildLaneNodes(laneAgents: string[], index: ReportIndex): LaneFlowNode[] {
  return laneAgents.map((agent, lane) => ({
    id: laneId(agent),
    type: "lane",
    position: { x: -LANE_LABEL_NODE_WIDTH - 40, y: lane * LANE_HEIGHT + (LANE_HEIGHT - STEP_NODE_HEIGHT) / 2 },
    width: LANE_LABEL_NODE_WIDTH,
    height: STEP_NODE_HEIGHT,
    selectable: false,
    draggable: false,
    data: laneData(index, agent),
  }));
}

/** A lane label's data: its standing (one vocabulary with the blame bars and the Agents canvas). */
function laneData(index: ReportIndex, agent: string) {
  return {
    agent,
    role: index.agentById.get(agent)?.role,
    ...standingFlags(index, agent),
    width: LANE_LABEL_NODE_WIDTH,
  };
}
