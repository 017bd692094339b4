import type { StepMark } from "@/lib/view/index-report";
import type { prepareTimeline } from "@/lib/view/prepare-timeline";
import { MARK_TOKEN, STATUS_TOKEN, type ColourToken } from "@/components/theme/colours";

export const LANE_HEIGHT = 16;

/**
 * Paints the timeline model on a 2D canvas: lanes with their labels, a large run's density bins,
 * the step marks (the ones that matter last, on top), and the selected step's outline.
 */
export function paintTimeline(
  ctx: CanvasRenderingContext2D,
  model: ReturnType<typeof prepareTimeline>,
  width: number,
  selectedStepId: string | null,
  resolved: (token: ColourToken) => string,
) {
  ctx.clearRect(0, 0, width, model.height);
  ctx.font = "11px system-ui, sans-serif";
  ctx.textBaseline = "middle";
  model.lanes.forEach((lane, i) => {
    ctx.fillStyle = i % 2 ? resolved("--surface-2") : resolved("--surface");
    ctx.fillRect(0, i * LANE_HEIGHT, width, LANE_HEIGHT);
    ctx.fillStyle = resolved("--text");
    ctx.fillText(model.labels[i] ?? lane, 4, i * LANE_HEIGHT + LANE_HEIGHT / 2, model.labelWidth - 8);
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
  const order: StepMark[] = ["neutral", "repair", "error", "carried", "suspect", "origin"];
  for (const mark of order) {
    ctx.fillStyle = resolved(MARK_TOKEN[mark]);
    for (const m of model.marks)
      if (m.mark === mark) ctx.fillRect(m.x, m.lane * LANE_HEIGHT + 3, Math.max(1, m.width), LANE_HEIGHT - 6);
  }
  const sel = model.marks.find((m) => m.stepId === selectedStepId);
  if (sel) {
    ctx.strokeStyle = resolved("--accent");
    ctx.lineWidth = 2;
    ctx.strokeRect(sel.x - 2, sel.lane * LANE_HEIGHT + 1, Math.max(1, sel.width) + 4, LANE_HEIGHT - 2);
  }
}
