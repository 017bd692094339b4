"use client";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo, useRef } from "react";
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type EdgeTypes,
  type NodeMouseHandler,
  type EdgeMouseHandler,
  type NodeTypes,
} from "@xyflow/react";
import { buildAgentFlow } from "@/lib/view/build-agent-flow";
import { buildStepFlow, COLLAPSE_ABOVE_STEPS } from "@/lib/view/build-step-flow";
import type { CanvasNode, ChannelFlowEdge } from "@/lib/view/flow-types";
import type { ReportIndex } from "@/lib/view/index-report";
import type { RunViewData } from "@/lib/view/types";
import type { CanvasMode, Selection, ViewState } from "@/lib/view/view-state";
import { StepNode } from "./nodes/StepNode";
import { GroupNode } from "./nodes/GroupNode";
import { LaneNode } from "./nodes/LaneNode";
import { AgentNode } from "./nodes/AgentNode";
import { ChannelEdge } from "./edges/ChannelEdge";
import { EdgeMarkers } from "./edges/EdgeMarkers";
import { Legend } from "./Legend";
import { useSwimlaneLayout } from "./use-swimlane-layout";
import styles from "./canvas.module.css";

// Module scope: React Flow re-mounts every node when these objects change identity.
const nodeTypes: NodeTypes = { step: StepNode, stepGroup: GroupNode, lane: LaneNode, agent: AgentNode };
const edgeTypes: EdgeTypes = { channel: ChannelEdge };

/** Graphs larger than this open centred on the verdict instead of fitted (fitted, 2k nodes are unreadable dots). */
const FIT_MAX_NODES = 300;

export interface RunCanvasProps {
  mode: CanvasMode;
  data: RunViewData;
  index: ReportIndex;
  state: ViewState;
  expanded: ReadonlySet<string>;
  onSelect: (selection: Selection) => void;
  onToggleGroup: (groupId: string) => void;
}

export function RunCanvas(props: RunCanvasProps) {
  return (
    <ReactFlowProvider>
      <CanvasInner {...props} />
    </ReactFlowProvider>
  );
}

function CanvasInner({ mode, data, index, state, expanded, onSelect, onToggleGroup }: RunCanvasProps) {
  const { kinds, hiddenAgents, range, selection } = state;
  // The selection shapes the Steps graph only when it is collapsed (the selected step stays visible);
  // otherwise it must not rebuild thousands of nodes on every click.
  const collapseSelection = data.steps.length > COLLAPSE_ABOVE_STEPS ? selection : null;
  const stepFlow = useMemo(
    () =>
      mode === "steps"
        ? buildStepFlow({ agents: data.agents, steps: data.steps, edges: data.edges, index, state: { kinds, hiddenAgents, range, selection: collapseSelection }, expanded })
        : null,
    [mode, data, index, kinds, hiddenAgents, range, collapseSelection, expanded],
  );
  const agentFlow = useMemo(
    () => (mode === "agents" ? buildAgentFlow({ agents: data.agents, steps: data.steps, edges: data.edges, index, state: { kinds, hiddenAgents } }) : null),
    [mode, data, index, kinds, hiddenAgents],
  );
  const emptyLayout = useMemo(() => ({ items: [], links: [], laneCount: 0 }), []);
  const layout = useSwimlaneLayout(stepFlow?.layout ?? emptyLayout);

  const baseNodes: CanvasNode[] = useMemo(() => {
    if (agentFlow) return agentFlow.nodes;
    if (!stepFlow || !layout) return [];
    const placed: CanvasNode[] = [];
    for (const n of stepFlow.nodes) {
      const p = layout.positions[n.id];
      if (p) placed.push({ ...n, position: p });
    }
    return [...stepFlow.laneNodes, ...placed];
  }, [agentFlow, stepFlow, layout]);
  const baseEdges: ChannelFlowEdge[] = useMemo(() => agentFlow?.edges ?? stepFlow?.edges ?? [], [agentFlow, stepFlow]);

  const selectedNodeId = useMemo(() => selectedNode(state.selection, mode, stepFlow?.nodeOfStep, data), [state.selection, mode, stepFlow, data]);
  const selectedEdgeId = useMemo(() => selectedEdge(state.selection, baseEdges), [state.selection, baseEdges]);

  // Only the nodes whose selection changes get new objects, so React Flow re-renders just those.
  const nodes = useMemo(() => baseNodes.map((n) => (n.id === selectedNodeId ? { ...n, selected: true } : n)), [baseNodes, selectedNodeId]);
  const edges = useMemo(
    () => baseEdges.map((e) => (e.id === selectedEdgeId ? { ...e, selected: true, zIndex: 10 } : e.data?.onPath ? { ...e, zIndex: 5 } : e)),
    [baseEdges, selectedEdgeId],
  );

  const onNodeClick: NodeMouseHandler<CanvasNode> = useCallback(
    (_event, node) => {
      clickedRef.current = true;
      if (node.type === "stepGroup") onToggleGroup(node.id);
      else if (node.type === "step") onSelect({ type: "step", id: node.id });
      else if (node.type === "agent" || node.type === "lane") onSelect({ type: "agent", id: node.data.agent });
    },
    [onSelect, onToggleGroup],
  );
  const onEdgeClick: EdgeMouseHandler<ChannelFlowEdge> = useCallback(
    (_event, edge) => {
      clickedRef.current = true;
      onSelect({ type: "edge", id: edge.id });
    },
    [onSelect],
  );
  const clickedRef = useRef(false);

  const big = nodes.length > FIT_MAX_NODES;
  const flow = useReactFlow();
  const focusId = selectedNodeId ?? (index.decisiveStepId ? (stepFlow?.nodeOfStep.get(index.decisiveStepId) ?? (mode === "agents" ? index.report?.decisive?.agent : undefined)) : undefined);

  // Bring the selection into view when it changed from outside the canvas (keyboard, timeline, links).
  const lastFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focusId || nodes.length === 0) return;
    const first = lastFocus.current === undefined;
    if (focusId === lastFocus.current) return;
    lastFocus.current = focusId;
    if (clickedRef.current) {
      clickedRef.current = false;
      return;
    }
    if (first && !big) return; // small graphs open fitted
    const node = flow.getNode(focusId);
    if (!node) return;
    const w = node.measured?.width ?? 168;
    const h = node.measured?.height ?? 56;
    void flow.setCenter(node.position.x + w / 2, node.position.y + h / 2, { zoom: Math.max(flow.getZoom(), 0.85), duration: first ? 0 : 250 });
  }, [focusId, nodes.length, big, flow]);

  // Open on the story: fit the decisive step and the path (readable), not every bystander.
  const fitOptions = useMemo(() => {
    const story = new Set<string>();
    if (mode === "steps" && stepFlow) {
      for (const id of index.pathSteps) {
        const node = stepFlow.nodeOfStep.get(id);
        if (node) story.add(node);
      }
      if (index.decisiveStepId && stepFlow.nodeOfStep.get(index.decisiveStepId)) story.add(stepFlow.nodeOfStep.get(index.decisiveStepId)!);
    }
    return { padding: 0.2, maxZoom: 1.1, minZoom: 0.5, ...(story.size ? { nodes: [...story].map((id) => ({ id })) } : {}) };
  }, [mode, stepFlow, index]);

  const ready = mode === "agents" || layout !== null;
  return (
    <div className={styles.wrap} data-testid="run-canvas" data-mode={mode} data-nodes={nodes.length}>
      <EdgeMarkers />
      {!ready ? <div className={styles.notice}>Laying out {data.steps.length.toLocaleString("en-US")} steps…</div> : null}
      {stepFlow?.collapsed ? (
        <div className={styles.notice} data-testid="collapsed-notice">
          Large run: unremarkable steps are collapsed into groups (click one to expand). Brush the timeline to focus a window.
        </div>
      ) : null}
      <ReactFlow<CanvasNode, ChannelFlowEdge>
        key={mode}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodeClick={onNodeClick}
        onEdgeClick={onEdgeClick}
        onPaneClick={() => onSelect(null)}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable
        disableKeyboardA11y={big}
        onlyRenderVisibleElements={big}
        fitView={!big}
        fitViewOptions={fitOptions}
        minZoom={0.05}
        maxZoom={2}
      >
        <Background gap={24} size={1} />
        <MiniMap pannable zoomable nodeClassName={miniMapClass} nodeStrokeWidth={0} ariaLabel="Minimap" style={{ width: 150, height: 96 }} />
        <Controls showInteractive={false} aria-label="Zoom and fit to view" />
      </ReactFlow>
      <Legend />
    </div>
  );
}

function selectedNode(selection: Selection, mode: CanvasMode, nodeOfStep: Map<string, string> | undefined, data: RunViewData): string | null {
  if (!selection) return null;
  if (mode === "steps") {
    if (selection.type === "step") return nodeOfStep?.get(selection.id) ?? null;
    if (selection.type === "agent") return `lane:${selection.id}`;
    return null;
  }
  if (selection.type === "agent") return selection.id;
  if (selection.type === "step") return data.steps.find((s) => s.id === selection.id)?.agent ?? null;
  return null;
}

function selectedEdge(selection: Selection, edges: ChannelFlowEdge[]): string | null {
  if (selection?.type !== "edge") return null;
  if (edges.some((e) => e.id === selection.id)) return selection.id;
  // A step edge selected while the canvas shows merged edges: light the edge that carries it.
  return edges.find((e) => e.data?.edgeIds.includes(selection.id))?.id ?? null;
}

/** Minimap rects are SVG: colour them by class (CSS variables do not work in fill attributes). */
function miniMapClass(node: CanvasNode): string {
  if (node.type === "step") return styles[`mm-${node.data.mark}`] ?? "";
  if (node.type === "agent") return styles[node.data.isCulprit ? "mm-origin" : node.data.isVictim ? "mm-carried" : "mm-neutral"] ?? "";
  if (node.type === "stepGroup") return styles["mm-neutral"] ?? "";
  return styles["mm-hidden"] ?? "";
}
