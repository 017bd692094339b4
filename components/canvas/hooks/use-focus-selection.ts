"use client";
import { useEffect, useRef } from "react";
import { useReactFlow } from "@xyflow/react";
import type { StepFlow } from "@/lib/view/build-step-flow";
import { laneId } from "@/lib/view/canvas-ids";
import type { ChannelFlowEdge } from "@/lib/view/flow-types";
import { focusViewport, type Padding, type Rect, type Viewport } from "@/lib/view/opening-viewport";
import type { CanvasMode, Selection } from "@/lib/view/view-state";
import type { CanvasSize } from "./use-canvas-size";
import { minReadableZoom } from "./use-opening";

/** Nothing handled yet: the first selection is checked too. */
const UNSEEN = Symbol("unseen");

interface FocusArgs {
  selection: Selection;
  mode: CanvasMode;
  /** False until React Flow is mounted on its opening viewport. */
  mounted: boolean;
  rects: Map<string, Rect>;
  edges: ChannelFlowEdge[];
  stepFlow: StepFlow | null;
  agentOf: Map<string, string>;
  size: CanvasSize | null;
  padding: Padding;
}

/**
 * Brings every new selection into view at a readable zoom: a click on the canvas, a key (`d`, `j`),
 * an evidence link, the timeline, search. Each `select` makes a new selection object, so pressing
 * `d` again after panning away comes back. A selection the canvas does not draw yet (a large run's
 * window still loading) is brought into view once it is drawn. The first selection usually
 * anchors the opening view, so it is already in view and nothing moves; a deep link to something
 * the opening could not show (an edge, a step of a window that arrives later) is moved to.
 */
export function useFocusSelection({
  selection,
  mode,
  mounted,
  rects,
  edges,
  stepFlow,
  agentOf,
  size,
  padding,
}: FocusArgs) {
  const flow = useReactFlow();
  const handled = useRef<Selection | typeof UNSEEN>(UNSEEN);
  useEffect(() => {
    if (selection === handled.current || !mounted || !size) return;
    if (!selection) {
      handled.current = selection;
      return;
    }
    const current = flow.getViewport();
    const targets = targetsOf(selection, { mode, rects, edges, stepFlow, agentOf, current, size });
    if (!targets) return;
    handled.current = selection;
    const next = focusViewport({ box: size, current, targets, minZoom: minReadableZoom(mode), padding });
    if (next) void flow.setViewport(next, { duration: 250 });
  }, [selection, mounted, size, mode, rects, edges, stepFlow, agentOf, padding, flow]);
}

interface TargetContext {
  mode: CanvasMode;
  rects: Map<string, Rect>;
  edges: ChannelFlowEdge[];
  stepFlow: StepFlow | null;
  agentOf: Map<string, string>;
  current: Viewport;
  size: CanvasSize;
}

/** The rectangles to bring into view for a selection, or null when the canvas does not draw it. */
function targetsOf(selection: NonNullable<Selection>, ctx: TargetContext): Rect[] | null {
  const { mode, rects, stepFlow, agentOf } = ctx;
  const one = (id: string | undefined) => {
    const r = id === undefined ? undefined : rects.get(id);
    return r ? [r] : null;
  };
  if (selection.type === "step")
    return one(mode === "steps" ? stepFlow?.nodeOfStep.get(selection.id) : agentOf.get(selection.id));
  if (selection.type === "agent") {
    if (mode === "agents") return one(selection.id);
    // A lane: bring its band into view where the reader is, rather than jump to its label at the far left.
    const lane = rects.get(laneId(selection.id));
    if (!lane) return null;
    const centreX = (ctx.size.width / 2 - ctx.current.x) / ctx.current.zoom;
    return [{ x: centreX - 1, y: lane.y, width: 2, height: lane.height }];
  }
  const edge = ctx.edges.find((e) => e.id === selection.id || e.data?.edgeIds.includes(selection.id));
  if (!edge) return null;
  const source = rects.get(edge.source);
  const target = rects.get(edge.target);
  return source && target ? [source, target] : null;
}
