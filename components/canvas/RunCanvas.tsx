"use client";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  getNodesBounds,
  getViewportForBounds,
  useReactFlow,
  type EdgeTypes,
  type NodeMouseHandler,
  type EdgeMouseHandler,
  type NodeTypes,
} from "@xyflow/react";
import { buildAgentFlow } from "@/lib/view/build-agent-flow";
import { buildStepFlow, COLLAPSE_ABOVE_STEPS, type CanvasEdge } from "@/lib/view/build-step-flow";
import type { CanvasNode, ChannelFlowEdge } from "@/lib/view/flow-types";
import { storyNodes } from "@/lib/view/story-nodes";
import { STEP_NODE_HEIGHT, STEP_NODE_WIDTH } from "@/lib/view/layout-swimlanes";
import type { ReportIndex } from "@/lib/view/index-report";
import type { CanvasStep, StepWindow } from "@/lib/view/types";
import type { TAgent } from "@/lib/trace/schema";
import type { CanvasMode, Selection, ViewState } from "@/lib/view/view-state";
import { StepNode } from "./nodes/StepNode";
import { GroupNode } from "./nodes/GroupNode";
import { LaneNode } from "./nodes/LaneNode";
import { AgentNode } from "./nodes/AgentNode";
import { ChannelEdge } from "./edges/ChannelEdge";
import { EdgeMarkers } from "./edges/EdgeMarkers";
import { Legend } from "./Legend";
import { OpeningViewport, type Viewport } from "./OpeningViewport";
import { useSwimlaneLayout } from "./use-swimlane-layout";
import { MINIMAP_TOKEN, paint } from "@/components/theme/colours";
import styles from "./canvas.module.css";

// Module scope: React Flow re-mounts every node when these objects change identity.
const nodeTypes: NodeTypes = { step: StepNode, stepGroup: GroupNode, lane: LaneNode, agent: AgentNode };
const edgeTypes: EdgeTypes = { channel: ChannelEdge };

/** Above this many nodes keyboard a11y is off (every node would be a tab stop). */
const VIRTUALIZE_ABOVE_NODES = 300;
/** Steps canvases open no smaller than this zoom: node text stays readable (11 px × 0.7). */
const STEPS_MIN_OPEN_ZOOM = 0.7;
/** The legend starts expanded only on canvases at least this big; smaller ones get a "Key" toggle. */
const LEGEND_OPEN_MIN = { width: 1000, height: 620 };
/** A Steps graph wider than this many times its height gets no minimap (a sliver): the timeline is its overview. */
const MINIMAP_MAX_ASPECT = 6;
/**
 * Canvases with at most this many nodes open fitted whole (every step and lane label in view, however
 * small): a reader of a short run must see all of it at once. Bigger ones open on the story at a
 * readable zoom instead.
 */
const FIT_ALL_MAX_NODES = 80;
/** Nodes stack above edges, whatever z-index an edge gets for being on the propagation path or selected. */
const NODE_Z = 20;
/**
 * The opening fit keeps nodes out of the corners the controls use: the zoom buttons (bottom left,
 * ~45 px wide) and the "Key" toggle beside them (~40 px tall).
 */
const FIT_PADDING = { top: "20px", right: "20px", bottom: "52px", left: "60px" } as const;

/** What the canvas draws from: the run page's summaries or a full trace view (compare page). */
export interface CanvasData {
  agents: TAgent[];
  steps: CanvasStep[];
  edges: CanvasEdge[];
  /** Set when `steps` is a window of a larger run (see lib/view/step-window.ts). */
  window?: Pick<StepWindow, "offset" | "density" | "agentLinks">;
}

export interface RunCanvasProps {
  mode: CanvasMode;
  data: CanvasData;
  index: ReportIndex;
  state: ViewState;
  expanded: ReadonlySet<string>;
  onSelect: (selection: Selection) => void;
  onToggleGroup: (groupId: string) => void;
  /** Steps to outline (a trajectory flag's steps); they stay visible in collapsed views. */
  highlighted?: ReadonlySet<string>;
}

export function RunCanvas(props: RunCanvasProps) {
  return (
    <ReactFlowProvider>
      <CanvasInner {...props} />
    </ReactFlowProvider>
  );
}

function CanvasInner({ mode, data, index, state, expanded, onSelect, onToggleGroup, highlighted }: RunCanvasProps) {
  const { kinds, hiddenAgents, range, selection } = state;
  // The selection shapes the Steps graph only when it is collapsed (the selected step stays visible);
  // otherwise it must not rebuild thousands of nodes on every click.
  const collapseSelection = data.steps.length > COLLAPSE_ABOVE_STEPS ? selection : null;
  const stepFlow = useMemo(
    () =>
      mode === "steps"
        ? buildStepFlow({
            agents: data.agents,
            steps: data.steps,
            edges: data.edges,
            index,
            state: { kinds, hiddenAgents, range, selection: collapseSelection },
            expanded,
            keepVisible: highlighted,
            offset: data.window?.offset ?? 0,
          })
        : null,
    [mode, data, index, kinds, hiddenAgents, range, collapseSelection, expanded, highlighted],
  );
  const agentFlow = useMemo(
    () =>
      mode === "agents"
        ? buildAgentFlow({ agents: data.agents, steps: data.steps, edges: data.edges, index, state: { kinds, hiddenAgents }, window: data.window })
        : null,
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
      // Above every edge (path edges are raised to zIndex 5–10): an edge must never take a node's click.
      if (p) placed.push({ ...n, position: p, zIndex: NODE_Z });
    }
    return [...stepFlow.laneNodes, ...placed];
  }, [agentFlow, stepFlow, layout]);
  const baseEdges: ChannelFlowEdge[] = useMemo(() => agentFlow?.edges ?? stepFlow?.edges ?? [], [agentFlow, stepFlow]);

  const selectedNodeId = useMemo(() => selectedNode(state.selection, mode, stepFlow?.nodeOfStep, data), [state.selection, mode, stepFlow, data]);
  const selectedEdgeId = useMemo(() => selectedEdge(state.selection, baseEdges), [state.selection, baseEdges]);

  // Only the nodes whose selection changes get new objects, so React Flow re-renders just those.
  // Agents mode outlines the agents that own a flagged step.
  const flaggedIds = useMemo(() => {
    if (!highlighted || highlighted.size === 0) return null;
    if (mode === "steps") return highlighted;
    const agentOf = new Map(data.steps.map((s) => [s.id, s.agent]));
    return new Set([...highlighted].map((id) => agentOf.get(id)).filter((a): a is string => a !== undefined));
  }, [highlighted, mode, data.steps]);
  const nodes = useMemo(
    () =>
      baseNodes.map((n) => {
        const flagged = flaggedIds?.has(n.id) ?? false;
        if (n.id === selectedNodeId) return { ...n, selected: true, ...(flagged ? { className: styles.flagged } : {}) };
        return flagged ? { ...n, className: styles.flagged } : n;
      }),
    [baseNodes, selectedNodeId, flaggedIds],
  );
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

  const big = nodes.length > VIRTUALIZE_ABOVE_NODES;
  const flow = useReactFlow();
  const focusId =
    selectedNodeId ??
    (index.decisiveStepId ? (stepFlow?.nodeOfStep.get(index.decisiveStepId) ?? (mode === "agents" ? index.report?.decisive?.agent : undefined)) : undefined);

  // The canvas size, known before React Flow mounts, so the opening fit is computed once, right.
  const wrapRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const measure = () =>
      setSize((prev) => (prev && prev.width === el.clientWidth && prev.height === el.clientHeight ? prev : { width: el.clientWidth, height: el.clientHeight }));
    measure();
    // Kept current, so a canvas mounted later (switching modes remounts React Flow) opens fitted to
    // the box it has then.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Bring the selection into view when it changed from outside the canvas (keyboard, timeline, links).
  // The first focus is the opening fit's job (fitViewOptions below).
  const lastFocus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!focusId || nodes.length === 0) return;
    const first = lastFocus.current === undefined;
    if (focusId === lastFocus.current) return;
    lastFocus.current = focusId;
    if (first) return;
    if (clickedRef.current) {
      clickedRef.current = false;
      return;
    }
    const node = flow.getNode(focusId);
    if (!node) return;
    const w = node.measured?.width ?? node.width ?? STEP_NODE_WIDTH;
    const h = node.measured?.height ?? node.height ?? STEP_NODE_HEIGHT;
    void flow.setCenter(node.position.x + w / 2, node.position.y + h / 2, { zoom: Math.max(flow.getZoom(), 0.85), duration: 250 });
  }, [focusId, nodes.length, flow]);

  // Open on the story: the selected (else decisive) step and as much of the corruption path around
  // it as fits at a readable zoom. Agents mode (a few nodes) and runs without a verdict fit everything.
  const fitAll = mode === "agents" || (stepFlow !== null && stepFlow.nodes.length + stepFlow.laneNodes.length <= FIT_ALL_MAX_NODES);
  const fitOptions = useMemo(() => {
    if (fitAll) return { padding: FIT_PADDING, maxZoom: 1.1, minZoom: 0.05 };
    if (mode !== "steps" || !stepFlow || !layout || !size) return { padding: 0.15, maxZoom: 1.1, minZoom: 0.5 };
    const path: string[] = [];
    for (const id of index.report?.propagationPath ?? []) {
      const node = stepFlow.nodeOfStep.get(id);
      if (node) path.push(node);
    }
    const rectOf = (id: string) => {
      const p = layout.positions[id];
      return p ? { x: p.x, y: p.y, width: STEP_NODE_WIDTH, height: STEP_NODE_HEIGHT } : undefined;
    };
    const padding = 0.1;
    const story = storyNodes(
      focusId,
      path,
      rectOf,
      (size.width * (1 - 2 * padding)) / STEPS_MIN_OPEN_ZOOM,
      (size.height * (1 - 2 * padding)) / STEPS_MIN_OPEN_ZOOM,
    );
    // No verdict yet: a small graph fits whole, a big one opens on its first steps.
    const fit = story.length ? story : big ? stepFlow.nodes.slice(0, 12).map((n) => n.id) : [];
    return { padding, maxZoom: 1, minZoom: STEPS_MIN_OPEN_ZOOM, ...(fit.length ? { nodes: fit.map((id) => ({ id })) } : {}) };
    // focusId is deliberately not a dependency: this is the opening fit only (React Flow applies it on mount).
  }, [mode, stepFlow, layout, size, index, big, fitAll]);

  // The opening viewport, computed here from the declared node sizes and the measured canvas box
  // rather than left to React Flow's fitView: that one runs only after the nodes have rendered and
  // been measured (a first frame at zoom 1 from the origin, then a jump), and it fits only nodes that
  // were rendered, which with onlyRenderVisibleElements are the ones at the origin, not the story.
  const opening = useMemo((): Viewport | null => {
    if (!size || size.width === 0 || size.height === 0) return null;
    const ids = "nodes" in fitOptions && fitOptions.nodes ? new Set(fitOptions.nodes.map((n) => n.id)) : null;
    const fit = ids ? baseNodes.filter((n) => ids.has(n.id)) : baseNodes;
    if (fit.length === 0) return null;
    return getViewportForBounds(getNodesBounds(fit), size.width, size.height, fitOptions.minZoom, fitOptions.maxZoom, fitOptions.padding);
  }, [size, fitOptions, baseNodes]);

  // A canvas that opens fitted whole needs no minimap (and a minimap would cover nodes).
  const minimap = !fitAll && !!layout && (layout.columns * (STEP_NODE_WIDTH + 40)) / Math.max(1, layout.lanes.length * 96) <= MINIMAP_MAX_ASPECT;

  const ready = (mode === "agents" || layout !== null) && size !== null;
  return (
    <div ref={wrapRef} className={styles.wrap} data-testid="run-canvas" data-mode={mode} data-nodes={nodes.length}>
      <EdgeMarkers />
      {!ready && size ? <div className={styles.notice}>Laying out {data.steps.length.toLocaleString("en-US")} steps…</div> : null}
      {stepFlow?.collapsed ? (
        <div className={styles.notice} data-testid="collapsed-notice">
          Large run: unremarkable steps are collapsed into groups (click one to expand). Brush the timeline to focus a window.
        </div>
      ) : null}
      {ready ? (
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
          // A canvas that does not open fitted whole shows only part of itself: render just what is in
          // view (a 2k-step run's ~150 collapsed nodes and their edges otherwise all mount on first render).
          onlyRenderVisibleElements={big || !fitAll}
          {...(opening ? { defaultViewport: opening } : { fitView: true, fitViewOptions: fitOptions })}
          minZoom={0.05}
          maxZoom={2}
        >
          {opening && size ? <OpeningViewport viewport={opening} width={size.width} height={size.height} /> : null}
          <Background gap={24} size={1} />
          {minimap ? <MiniMap pannable zoomable nodeColor={miniMapColor} nodeStrokeWidth={0} ariaLabel="Minimap" style={{ width: 150, height: 96 }} /> : null}
          <Controls showInteractive={false} aria-label="Zoom and fit to view" />
        </ReactFlow>
      ) : null}
      {size ? <Legend defaultOpen={!fitAll && size.width >= LEGEND_OPEN_MIN.width && size.height >= LEGEND_OPEN_MIN.height} /> : null}
    </div>
  );
}

function selectedNode(selection: Selection, mode: CanvasMode, nodeOfStep: Map<string, string> | undefined, data: CanvasData): string | null {
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

/** Minimap fill per node: a CSS variable in the rect's style (variables do not work in SVG fill attributes). */
function miniMapColor(node: CanvasNode): string {
  if (node.type === "step") return paint(MINIMAP_TOKEN[node.data.mark]);
  if (node.type === "agent") return paint(MINIMAP_TOKEN[node.data.isCulprit ? "origin" : node.data.isVictim ? "carried" : "neutral"]);
  if (node.type === "stepGroup") return paint(MINIMAP_TOKEN[node.data.carried > 0 ? "carried" : "neutral"]);
  return "transparent";
}
