"use client";
import { useEffect, useRef, type RefObject } from "react";
import { brushX, select, type D3BrushEvent } from "d3";
import { brushToRange, markAt, type prepareTimeline } from "@/lib/view/prepare-timeline";
import { LANE_HEIGHT } from "./paint-timeline";

interface BrushInput {
  drawn: boolean;
  width: number;
  model: ReturnType<typeof prepareTimeline>;
  range: [number, number] | null;
  onBrush: (range: [number, number] | null) => void;
  onSelectStep: (stepId: string) => void;
}

/** The timeline's d3 brush on `svgRef`: a dragged extent becomes a step range, a plain click selects one step. */
export function useTimelineBrush(
  svgRef: RefObject<SVGSVGElement | null>,
  { drawn, width, model, range, onBrush, onSelectStep }: BrushInput,
) {
  const handlers = useRef({ onBrush, onSelectStep, model, stepCount: model.stepCount });
  handlers.current = { onBrush, onSelectStep, model, stepCount: model.stepCount };
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || !drawn) return;
    const brush = brushX<unknown>()
      .extent([
        [model.labelWidth, 0],
        [width, Math.max(LANE_HEIGHT, model.height)],
      ])
      .on("end", (event: D3BrushEvent<unknown>) => {
        if (!event.sourceEvent) return; // programmatic moves
        const h = handlers.current;
        if (!event.selection) {
          const [px, py] = pointer(event.sourceEvent as MouseEvent, svg);
          const hit = markAt(h.model, px, py);
          if (hit) h.onSelectStep(hit.stepId);
          return;
        }
        const [x0, x1] = event.selection as [number, number];
        h.onBrush(brushToRange(h.model, x0, x1, h.stepCount));
      });
    const g = select(svg).select<SVGGElement>("g.brush");
    g.call(brush);
    // Reflect the URL's range in the brush without firing a new brush event.
    if (range) g.call(brush.move, [model.x(range[0]), model.x(range[1] + 1)]);
    else g.call(brush.move, null);
    return () => {
      g.on(".brush", null);
    };
  }, [drawn, width, model, range]);
}

function pointer(event: MouseEvent, el: Element): [number, number] {
  const rect = el.getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}
