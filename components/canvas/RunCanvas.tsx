"use client";
import "@xyflow/react/dist/style.css";
import { useCallback, useMemo } from "react";
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  type EdgeMouseHandler,
  type EdgeTypes,
  type NodeMouseHandler,
  type NodeTypes,
} from "@xyflow/react";
import type { CanvasEdge } from "@/lib/view/build-step-flow";
import { canvasRects } from "@/lib/view/canvas-rects";
import { parsePathLinkId } from "@/lib/view/canvas-ids";
import type { CanvasNode, ChannelFlowEdge, LaneFlowNode } from "@/lib/view/flow-types";
import type { ReportIndex } from "@/lib/view/index-report";
import { CANVAS_PADDING, type Opening } from "@/lib/view/opening-viewport";
import type { TAgent } from "@/lib/trace/schema";
import type { CanvasStep, StepWindow } from "@/lib/view/types";
import type { CanvasMode, Selection, ViewState } from "@/lib/view/view-state";
import { StepNode } from "./nodes/StepNode";
import { GroupNode } from "./nodes/GroupNode";
import { LaneNode } from "./nodes/LaneNode";
import { AgentNode } from "./nodes/AgentNode";
import { ChannelEdge } from "./edges/ChannelEdge";
import { EdgeMarkers } from "./edges/EdgeMarkers";
import { Legend } from "./Legend";
import { OpeningViewport } from "./OpeningViewport";
import { PinnedLaneNames } from "./PinnedLaneNames";
import { RangeList } from "./RangeList";
import { StepSearch } from "./StepSearch";
import { miniMapColor } from "./hooks/minimap-color";
import { useCanvasFlow } from "./hooks/use-canvas-flow";
import { useCanvasSize } from "./hooks/use-canvas-size";
import { useFocusSelection } from "./hooks/use-focus-selection";
import { useOpening } from "./hooks/use-opening";
import styles from "./canvas.module.css";

// Module scope: React Flow re-mounts every node when these objects change identity.
const nodeTypes: NodeTypes = { step: StepNode, stepGroup: GroupNode, lane: LaneNode, agent: AgentNode };
const edgeTypes: EdgeTypes = { channel: ChannelEdge };

/** Above this many nodes keyboard a11y is off (every node would be a tab stop). */
const VIRTUALIZE_ABOVE_NODES = 300;
/** The legend starts expanded only on canvases at least this big; smaller ones get a "Key" toggle. */
const LEGEND_OPEN_MIN = { width: 1000, height: 620 };
/** Smallest canvas that shows a minimap. */
const MINIMAP_MIN = { width: 900, height: 480 };
/** The brushed window's list takes this share of the canvas width (at most RANGE_LIST_MAX px). */
const RANGE_LIST_SHARE = 0.42;
const RANGE_LIST_MAX = 340;

/** What the canvas draws from: the run page's summaries or a full trace view (compare page). */
export interface CanvasData {
  agents: TAgent[];
  steps: CanvasStep[];
  edges: CanvasEdge[];
  /** Set when `steps` is a window of a larger run (see lib/view/step-window.ts). */
  window?: Pick<StepWindow, "offset" | "density" | "agentLinks" | "total">;
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
  /** Asks the page for a window of steps (search for a step a large run's window does not hold). */
  onRange?: (range: [number, number]) => void;
}

export function RunCanvas(props: RunCanvasProps) {
  return (
    <ReactFlowProvider>
      <CanvasInner {...props} />
    </ReactFlowProvider>
  );
}

function CanvasInner(props: RunCanvasProps) {
  const { mode, data, index, state, onSelect } = props;
  const { ref, size } = useCanvasSize();
  const flow = useCanvasFlow(props);
  const range = mode === "steps" ? state.range : null;
  const listWidth = range && size ? Math.min(RANGE_LIST_MAX, Math.round(size.width * RANGE_LIST_SHARE)) : 0;
  const padding = useMemo(() => ({ ...CANVAS_PADDING, left: CANVAS_PADDING.left + listWidth }), [listWidth]);
  const anchors = state.selection?.type === "step" || (mode === "agents" && state.selection?.type === "agent");
  const opening = useOpening({
    ...flow,
    mode,
    size,
    nodes: flow.baseNodes,
    index,
    data,
    anchor: anchors ? flow.selectedNodeId : null,
    padding,
  });
  const rects = useMemo(() => canvasRects(flow.baseNodes), [flow.baseNodes]);
  const mounted = flow.ready && opening !== null;
  useFocusSelection({ ...flow, selection: state.selection, mode, mounted, rects, size, padding });
  const offset = data.window?.offset ?? 0;
  const total = data.window?.total ?? data.steps.length;
  const selectedStepId = state.selection?.type === "step" ? state.selection.id : null;
  // What the brushed window's list and the step search both pick steps from.
  const stepPick = { steps: data.steps, offset, selectedStepId, onSelect };
  return (
    <div ref={ref} className={styles.wrap} data-testid="run-canvas" data-mode={mode} data-nodes={flow.nodes.length}>
      <EdgeMarkers />
      {!flow.ready && size ? (
        <div className={styles.notice}>Laying out {total.toLocaleString("en-US")} steps…</div>
      ) : null}
      {flow.stepFlow?.collapsed ? (
        <div className={styles.notice} data-testid="collapsed-notice">
          Large run: unremarkable steps are collapsed into groups (click one to expand).
        </div>
      ) : null}
      {flow.ready && size && flow.baseNodes.length === 0 ? (
        <div className={styles.notice}>No steps to show: every agent or step is filtered out.</div>
      ) : null}
      {mounted && size ? (
        <CanvasFlow
          {...props}
          nodes={flow.nodes}
          edges={flow.edges}
          opening={opening}
          size={size}
          tagsLeft={listWidth}
        />
      ) : null}
      {range ? (
        <div className={styles.rangeSlot} style={{ width: listWidth }}>
          <RangeList {...stepPick} range={range} index={index} />
        </div>
      ) : null}
      <div className={styles.searchSlot} style={{ left: listWidth + 8 }}>
        <StepSearch {...stepPick} total={total} onRange={props.onRange} />
      </div>
      {size ? (
        <Legend
          defaultOpen={size.width >= LEGEND_OPEN_MIN.width && size.height >= LEGEND_OPEN_MIN.height}
          suspects={index.suspectRank.size > 0}
        />
      ) : null}
    </div>
  );
}

interface CanvasFlowProps extends RunCanvasProps {
  nodes: CanvasNode[];
  edges: ChannelFlowEdge[];
  opening: Opening;
  size: { width: number; height: number };
  /** Where pinned lane names start: right of the brushed window's list, if open. */
  tagsLeft: number;
}

/** React Flow itself, mounted on its opening viewport. */
function CanvasFlow({ mode, nodes, edges, opening, size, tagsLeft, onSelect, onToggleGroup }: CanvasFlowProps) {
  const lanes = useMemo(() => nodes.filter((n): n is LaneFlowNode => n.type === "lane"), [nodes]);
  const onNodeClick: NodeMouseHandler<CanvasNode> = useCallback(
    (_event, node) => {
      if (node.type === "stepGroup") onToggleGroup(node.id);
      else if (node.type === "step") onSelect({ type: "step", id: node.id });
      else if (node.type === "agent" || node.type === "lane") onSelect({ type: "agent", id: node.data.agent });
    },
    [onSelect, onToggleGroup],
  );
  const onEdgeClick: EdgeMouseHandler<ChannelFlowEdge> = useCallback(
    (_event, edge) => {
      // A path link has no trace edge to inspect: it selects the step the corruption reached.
      const link = edge.data?.implicit ? parsePathLinkId(edge.id) : null;
      if (link) onSelect({ type: "step", id: link.to });
      else if (edge.data?.implicit) onSelect({ type: "agent", id: edge.target });
      else onSelect({ type: "edge", id: edge.id });
    },
    [onSelect],
  );
  const big = nodes.length > VIRTUALIZE_ABOVE_NODES;
  // Whole graph in view: no minimap (it would cover nodes). Otherwise it is the overview, on boxes
  // big enough to spare its corner (on small ones the timeline is the overview).
  const minimap =
    opening.fitted.length < nodes.length && size.width >= MINIMAP_MIN.width && size.height >= MINIMAP_MIN.height;
  return (
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
      // A canvas that does not show all of itself renders just what is in view (a 2k-step run's
      // ~150 collapsed nodes and their edges otherwise all mount on first render).
      onlyRenderVisibleElements={big || opening.fitted.length < nodes.length}
      defaultViewport={opening.viewport}
      minZoom={0.05}
      maxZoom={2}
    >
      <OpeningViewport viewport={opening.viewport} width={size.width} height={size.height} />
      <Background gap={24} size={1} />
      <PinnedLaneNames lanes={lanes} left={tagsLeft} />
      {minimap ? (
        <MiniMap
          pannable
          zoomable
          nodeColor={miniMapColor}
          nodeStrokeWidth={0}
          ariaLabel="Minimap"
          style={{ width: 150, height: 96 }}
        />
      ) : null}
      <Controls showInteractive={false} aria-label="Zoom and fit to view" />
    </ReactFlow>
  );
}
