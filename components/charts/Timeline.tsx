"use client";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { brushX, select, type D3BrushEvent } from "d3";
import type { ReportIndex, StepMark } from "@/lib/view/index-report";
import { brushToRange, markAt, prepareTimeline, TIMELINE_LABEL_WIDTH } from "@/lib/view/prepare-timeline";
import type { CanvasStep, StepWindow } from "@/lib/view/types";
import { MARK_TOKEN, STATUS_TOKEN, type ColourToken } from "@/components/theme/colours";
import styles from "./charts.module.css";

const LANE_HEIGHT = 16;

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
export function Timeline({ steps, lanes, index, selectedStepId, range, onSelectStep, onBrush, window: stepWindow }: TimelineProps) {
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
    ctx.clearRect(0, 0, width, model.height);
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    model.lanes.forEach((lane, i) => {
      ctx.fillStyle = i % 2 ? resolved("--surface-2") : resolved("--surface");
      ctx.fillRect(0, i * LANE_HEIGHT, width, LANE_HEIGHT);
      ctx.fillStyle = resolved("--text");
      ctx.fillText(lane.length > 16 ? `${lane.slice(0, 15)}…` : lane, 4, i * LANE_HEIGHT + LANE_HEIGHT / 2, TIMELINE_LABEL_WIDTH - 8);
    });
    // Large runs: the whole run as density (faint; failed bins in the warning colour), the shipped window on top.
    if (model.bins.length > 0) {
      for (const b of model.bins) {
        ctx.globalAlpha = 0.15 + 0.45 * b.fill;
        ctx.fillStyle = resolved(b.errors > 0 ? STATUS_TOKEN.error : STATUS_TOKEN.ok);
        ctx.fillRect(b.x, b.lane * LANE_HEIGHT + 5, b.width, LANE_HEIGHT - 10);
      }
      ctx.globalAlpha = 1;
    }
    // Neutral first, so marks that matter are painted on top when steps overlap.
    const order: StepMark[] = ["neutral", "repair", "error", "carried", "origin"];
    for (const mark of order) {
      ctx.fillStyle = resolved(MARK_TOKEN[mark]);
      for (const m of model.marks) if (m.mark === mark) ctx.fillRect(m.x, m.lane * LANE_HEIGHT + 3, Math.max(1, m.width), LANE_HEIGHT - 6);
    }
    const sel = model.marks.find((m) => m.stepId === selectedStepId);
    if (sel) {
      ctx.strokeStyle = resolved("--accent");
      ctx.lineWidth = 2;
      ctx.strokeRect(sel.x - 2, sel.lane * LANE_HEIGHT + 1, Math.max(1, sel.width) + 4, LANE_HEIGHT - 2);
    }
  }, [drawn, model, width, selectedStepId]);

  // d3 brush: the extent is mapped to a step range; a plain click (empty extent) selects one step.
  const handlers = useRef({ onBrush, onSelectStep, model, stepCount: model.stepCount });
  handlers.current = { onBrush, onSelectStep, model, stepCount: model.stepCount };
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || !drawn) return;
    const brush = brushX<unknown>()
      .extent([
        [TIMELINE_LABEL_WIDTH, 0],
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

  return (
    <div>
      <div className={styles.timelineBar}>
        <strong>Timeline</strong>
        <span>drag to focus a window of steps · click a mark to select it</span>
        {stepWindow ? (
          <span className="muted" data-testid="timeline-window">
            steps {(stepWindow.offset + 1).toLocaleString("en-US")}–{(stepWindow.offset + steps.length).toLocaleString("en-US")} of{" "}
            {stepWindow.total.toLocaleString("en-US")} loaded · drag elsewhere to load more
          </span>
        ) : null}
        {range ? (
          <button type="button" className="button" onClick={() => onBrush(null)} data-testid="clear-range">
            Showing steps {range[0] + 1}–{range[1] + 1} ✕
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

function pointer(event: MouseEvent, el: Element): [number, number] {
  const rect = el.getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}
