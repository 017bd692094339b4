"use client";
import { useMemo } from "react";
import { buildAgentFlow } from "@/lib/view/build-agent-flow";
import { buildStepFlow, COLLAPSE_ABOVE_STEPS, type StepFlow } from "@/lib/view/build-step-flow";
import { laneId } from "@/lib/view/canvas-ids";
import type { CanvasNode, ChannelFlowEdge } from "@/lib/view/flow-types";
import type { CanvasMode, Selection } from "@/lib/view/view-state";
import type { RunCanvasProps } from "../RunCanvas";
import { useSwimlaneLayout } from "../use-swimlane-layout";
import styles from "../canvas.module.css";

/** Nodes stack above edges, whatever z-index an edge gets for being on the propagation path or selected. */
const NODE_Z = 20;
const EMPTY_LAYOUT = { items: [], links: [], laneCount: 0 };

/** The canvas's nodes and edges for the current mode, positioned, with the selection applied. */
export function useCanvasFlow({ mode, data, index, state, expanded, highlighted }: RunCanvasProps) {
  const { kinds, hiddenAgents, range, selection } = state;
  // The selection shapes the Steps graph only when it is collapsed (the selected step stays visible);
  // otherwise it must not rebuild thousands of nodes on every click.
  const collapseSelection = data.steps.length > COLLAPSE_ABOVE_STEPS ? selection : null;
  const stepFlow = useMemo(() => {
    if (mode !== "steps") return null;
    const flowState = { kinds, hiddenAgents, range, selection: collapseSelection };
    const offset = data.window?.offset ?? 0;
    const { agents, steps, edges } = data;
    return buildStepFlow({ agents, steps, edges, index, state: flowState, expanded, keepVisible: highlighted, offset });
  }, [mode, data, index, kinds, hiddenAgents, range, collapseSelection, expanded, highlighted]);
  const agentFlow = useMemo(() => {
    if (mode !== "agents") return null;
    const { agents, steps, edges, window } = data;
    return buildAgentFlow({ agents, steps, edges, index, state: { kinds, hiddenAgents }, window });
  }, [mode, data, index, kinds, hiddenAgents]);
  const layout = useSwimlaneLayout(stepFlow?.layout ?? EMPTY_LAYOUT);

  const baseNodes: CanvasNode[] = useMemo(() => {
    if (agentFlow) return agentFlow.nodes;
    if (!stepFlow || !layout) return [];
    const placed: CanvasNode[] = [];
    for (const n of stepFlow.nodes) {
      const p = layout.positions[n.id];
      // Above every edge (path edges are raised to zIndex 5–10): an edge must never take a node's click.
      if (p) placed.push({ ...n, position: p, zIndex: NODE_Z });
    }
    return [...stepFlow.laneNodes, ...placed];
  }, [agentFlow, stepFlow, layout]);
  const baseEdges = useMemo(() => agentFlow?.edges ?? stepFlow?.edges ?? [], [agentFlow, stepFlow]);

  const agentOf = useMemo(() => new Map(data.steps.map((s) => [s.id, s.agent])), [data.steps]);
  const selectedNodeId = selectedNode(selection, mode, stepFlow, agentOf);
  const selectedEdgeId = useMemo(() => selectedEdge(selection, baseEdges), [selection, baseEdges]);
  // Agents mode outlines the agents that own a flagged step.
  const flaggedIds = useMemo(() => {
    if (!highlighted || highlighted.size === 0) return null;
    if (mode === "steps") return highlighted;
    return new Set([...highlighted].map((id) => agentOf.get(id)).filter((a): a is string => a !== undefined));
  }, [highlighted, mode, agentOf]);
  // Only the nodes whose selection changes get new objects, so React Flow re-renders just those.
  const nodes = useMemo(
    () =>
      baseNodes.map((n) => {
        const flagged = flaggedIds?.has(n.id) ?? false;
        const cls = flagged ? { className: styles.flagged } : {};
        if (n.id === selectedNodeId) return { ...n, selected: true, ...cls };
        return flagged ? { ...n, ...cls } : n;
      }),
    [baseNodes, selectedNodeId, flaggedIds],
  );
  const edges = useMemo(
    () =>
      baseEdges.map((e) => {
        if (e.id === selectedEdgeId) return { ...e, selected: true, zIndex: 10 };
        return e.data?.onPath ? { ...e, zIndex: 5 } : e;
      }),
    [baseEdges, selectedEdgeId],
  );
  const ready = mode === "agents" || layout !== null;
  return { stepFlow, layout, baseNodes, nodes, edges, selectedNodeId, agentOf, ready };
}

/** The canvas node that shows the selection in this mode. */
export function selectedNode(
  selection: Selection,
  mode: CanvasMode,
  stepFlow: StepFlow | null,
  agentOf: Map<string, string>,
): string | null {
  if (!selection) return null;
  if (mode === "steps") {
    if (selection.type === "step") return stepFlow?.nodeOfStep.get(selection.id) ?? null;
    if (selection.type === "agent") return laneId(selection.id);
    return null;
  }
  if (selection.type === "agent") return selection.id;
  if (selection.type === "step") return agentOf.get(selection.id) ?? null;
  return null;
}

function selectedEdge(selection: Selection, edges: ChannelFlowEdge[]): string | null {
  if (selection?.type !== "edge") return null;
  if (edges.some((e) => e.id === selection.id)) return selection.id;
  // A step edge selected while the canvas shows merged edges: light the edge that carries it.
  return edges.find((e) => e.data?.edgeIds.includes(selection.id))?.id ?? null;
}
