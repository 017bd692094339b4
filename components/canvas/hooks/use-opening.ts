"use client";
import { useRef } from "react";
import { AGENT_LABEL_PX } from "@/lib/view/build-agent-flow";
import type { StepFlow } from "@/lib/view/build-step-flow";
import type { CanvasNode } from "@/lib/view/flow-types";
import type { ReportIndex } from "@/lib/view/index-report";
import { canvasRects } from "@/lib/view/canvas-rects";
import { STEP_LABEL_PX } from "@/lib/view/layout-swimlanes";
import { openingViewport, readableZoom, type Opening, type Padding } from "@/lib/view/opening-viewport";
import type { CanvasMode } from "@/lib/view/view-state";
import type { CanvasData } from "../RunCanvas";
import type { CanvasSize } from "./use-canvas-size";

/** The zoom at which a mode's main labels are readable (lib/view/opening-viewport.ts). */
export function minReadableZoom(mode: CanvasMode): number {
  return readableZoom(mode === "agents" ? AGENT_LABEL_PX : STEP_LABEL_PX);
}

interface OpeningArgs {
  mode: CanvasMode;
  ready: boolean;
  size: CanvasSize | null;
  nodes: CanvasNode[];
  stepFlow: StepFlow | null;
  index: ReportIndex;
  data: CanvasData;
  agentOf: Map<string, string>;
  /** The selected node, else none (the decisive step anchors the story). */
  anchor: string | null;
  padding: Padding;
}

/**
 * The viewport the canvas opens on, computed once per mode (React Flow is remounted per mode and
 * reads it on mount only; later moves are `useFocusSelection`'s and the reader's).
 */
export function useOpening(args: OpeningArgs): Opening | null {
  const frozen = useRef<{ mode: CanvasMode; opening: Opening | null } | null>(null);
  if (frozen.current?.mode === args.mode) return frozen.current.opening;
  if (!args.ready || !args.size || args.size.width === 0 || args.size.height === 0) return null;
  const opening = computeOpening(args);
  // An empty graph (no nodes yet) is not frozen: it opens once it has some.
  if (opening) frozen.current = { mode: args.mode, opening };
  return opening;
}

function computeOpening({
  mode,
  size,
  nodes,
  stepFlow,
  index,
  data,
  agentOf,
  anchor,
  padding,
}: OpeningArgs): Opening | null {
  const rects = canvasRects(nodes);
  const report = index.report;
  const last = data.steps[data.steps.length - 1];
  const minZoom = minReadableZoom(mode);
  if (mode === "agents") {
    const hops = report?.channelPath ?? [];
    const path = hops.length > 0 ? [hops[0].fromAgent, ...hops.map((h) => h.toAgent)] : [];
    const culprit = report?.decisive?.agent;
    return openingViewport({
      box: size!,
      rects,
      anchor: anchor ?? culprit ?? undefined,
      path,
      final: last ? agentOf.get(last.id) : undefined,
      start: nodes.slice(0, 2).map((n) => n.id),
      minZoom,
      padding,
    });
  }
  const nodeOf = (id: string) => stepFlow?.nodeOfStep.get(id);
  const path = (report?.propagationPath ?? []).map(nodeOf).filter((id): id is string => id !== undefined);
  const decisive = index.namedStepId ? nodeOf(index.namedStepId) : undefined;
  return openingViewport({
    box: size!,
    rects,
    anchor: anchor ?? decisive,
    path,
    final: last ? nodeOf(last.id) : undefined,
    start: (stepFlow?.nodes ?? []).slice(0, 3).map((n) => n.id),
    minZoom,
    padding,
  });
}
