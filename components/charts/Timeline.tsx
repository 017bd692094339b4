"use client";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import type { ReportIndex } from "@/lib/view/index-report";
import { prepareTimeline } from "@/lib/view/prepare-timeline";
import { stepRangeLabel } from "@/lib/view/step-number";
import type { CanvasStep, StepWindow } from "@/lib/view/types";
import type { ColourToken } from "@/components/theme/colours";
import { LANE_HEIGHT, paintTimeline } from "./paint-timeline";
import { useTimelineBrush } from "./use-timeline-brush";
import styles from "./charts.module.css";

export interface TimelineProps {
  steps: Pick<CanvasStep, "id" | "agent" | "status">[];
  lanes: string[];
  index: ReportIndex;
  selectedStepId: string | null;
  range: [number, number] | null;
  onSelectStep: (stepId: string) => void;
  onBrush: (range: [number, number] | null) => void;
  /** Large runs: `steps` is this window of the run; the rest is drawn from its binned density. */
  window?: StepWindow;
}

/**
 * Steps in agent lanes, in global order. Drawn on a canvas (one paint for 10k steps); a d3 brush on
 * top selects a window of steps, a click selects one step.
 */
export function Timeline({
  steps,
  lanes,
  index,
  selectedStepId,
  range,
  onSelectStep,
  onBrush,
  window: stepWindow,
}: TimelineProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(800);
  // The first render reserves the timeline's height and draws nothing; the marks (one per step, a
  // canvas paint and a d3 brush) follow in a deferred render. The run page's first commit then carries
  // the canvas alone, and its effects (which React flushes before the canvas's own layout updates)
  // do not paint thousands of timeline marks first.
  const drawn = useDeferredValue(true, false);
  const model = useMemo(
    () => prepareTimeline(drawn ? steps : [], lanes, index, width, LANE_HEIGHT, drawn ? stepWindow : undefined),
    [drawn, steps, lanes, index, width, stepWindow],
  );

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(300, Math.floor(entry.contentRect.width))));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !drawn) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = width * dpr;
    canvas.height = model.height * dpr;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${model.height}px`;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const css = getComputedStyle(canvas);
    // A 2D canvas cannot read var(): resolve each token once per paint. Unset (no stylesheet yet):
    // the system's grey text colour, never a palette decision of our own.
    const resolved = (token: ColourToken) => css.getPropertyValue(token).trim() || "GrayText";
    paintTimeline(ctx, model, width, selectedStepId, resolved);
  }, [drawn, model, width, selectedStepId]);

  useTimelineBrush(svgRef, { drawn, width, model, range, onBrush, onSelectStep });

  return (
    <div>
      <div className={styles.timelineBar}>
        <strong>Timeline</strong>
        <span>drag to focus a window of steps · click a mark to select it</span>
        {stepWindow ? (
          <span className="muted" data-testid="timeline-window">
            steps {(stepWindow.offset + 1).toLocaleString("en-US")}–
            {(stepWindow.offset + steps.length).toLocaleString("en-US")} of {stepWindow.total.toLocaleString("en-US")}{" "}
            loaded · drag elsewhere to load more
          </span>
        ) : null}
        {range ? (
          <button type="button" className="button" onClick={() => onBrush(null)} data-testid="clear-range">
            Showing {stepRangeLabel(range)} ✕
          </button>
        ) : null}
      </div>
      <div ref={wrapRef} className={styles.timeline} data-testid="timeline" style={{ height: model.height }}>
        <canvas ref={canvasRef} aria-label="Timeline of steps by agent" role="img" />
        <svg ref={svgRef} width={width} height={model.height}>
          <g className="brush" />
        </svg>
      </div>
    </div>
  );
}
