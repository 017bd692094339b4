/**
 * Where the canvas looks: the viewport it opens on, and where it moves when something is selected.
 * Pure functions of node rectangles (flow units) and the canvas box (screen px), so the rule "a
 * person can read it" is tested here rather than in a browser:
 *
 * - never below the readable zoom (main labels ≥ READABLE_LABEL_PX on screen); what does not fit
 *   at that zoom is reached by panning, the minimap, groups and search, not by shrinking;
 * - a graph that fits whole at a readable zoom opens whole;
 * - otherwise it opens on the story at the readable zoom: the anchor (selected, else decisive
 *   step), the propagation path around it, and the final answer, as much of it as fits, centred;
 * - without a story (passing or undetermined runs) it opens on the start of the run.
 */
import { storyNodes, type Rect } from "./story-nodes";

export type { Rect };

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface Box {
  width: number;
  height: number;
}

/** Screen px kept free at each side of the box (the canvas's own controls sit there). */
export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Smallest on-screen size of a node's main label (its agent name) at the readable zoom. */
export const READABLE_LABEL_PX = 12;
/** A small graph opens fitted, but never blown up past this. */
export const OPEN_MAX_ZOOM = 1.25;
/** The zoom controls (bottom left), the search box (top left) and the minimap (bottom right) stay clear. */
export const CANVAS_PADDING: Padding = { top: 44, right: 16, bottom: 48, left: 56 };

/** The smallest zoom at which a label of `labelPx` CSS px renders ≥ READABLE_LABEL_PX (rounded up). */
export function readableZoom(labelPx: number): number {
  return Math.ceil((READABLE_LABEL_PX / labelPx) * 100) / 100;
}

export interface OpeningInput {
  box: Box;
  /** Every node of the canvas (steps, groups, lane labels, agents). */
  rects: ReadonlyMap<string, Rect>;
  /** The story's anchor: the selected, else the decisive node. */
  anchor?: string;
  /** Node ids in propagation order (duplicates allowed). */
  path: string[];
  /** The node of the run's final answer (its last step). */
  final?: string;
  /** Nodes the run starts with, in order: where a run without a story opens. */
  start?: string[];
  minZoom: number;
  maxZoom?: number;
  padding?: Padding;
}

export interface Opening {
  viewport: Viewport;
  /** The nodes the viewport was fitted to. */
  fitted: string[];
}

/** The viewport the canvas opens on (see the module comment); null for an empty graph or box. */
export function openingViewport(input: OpeningInput): Opening | null {
  const { box, rects, minZoom } = input;
  const maxZoom = Math.max(minZoom, input.maxZoom ?? OPEN_MAX_ZOOM);
  const pad = input.padding ?? CANVAS_PADDING;
  const inner = { width: box.width - pad.left - pad.right, height: box.height - pad.top - pad.bottom };
  if (rects.size === 0 || inner.width <= 0 || inner.height <= 0) return null;
  const all = union([...rects.values()]);
  if (fitZoom(all, inner) >= minZoom)
    return { viewport: fit(all, box, pad, minZoom, maxZoom), fitted: [...rects.keys()] };

  const rectOf = (id: string) => rects.get(id);
  const maxW = inner.width / minZoom;
  const maxH = inner.height / minZoom;
  const story = storyNodes(input.anchor, input.path, rectOf, maxW, maxH);
  if (story.length > 0) {
    const final = input.final && rects.get(input.final);
    const box0 = union(story.map((id) => rects.get(id)!));
    if (final && input.final && !story.includes(input.final)) {
      const grown = union([box0, final]);
      if (grown.width <= maxW && grown.height <= maxH) story.push(input.final);
    }
    // At the readable zoom, not fitted closer: what is around the story is context worth seeing.
    const fitted = union(story.map((id) => rects.get(id)!));
    return { viewport: placeWithContext(fitted, rects, box, pad, minZoom), fitted: story };
  }
  // No story: the run's first nodes, left-aligned at the readable zoom (top-aligned when the lanes
  // are taller than the box, else centred vertically).
  const start = (input.start ?? []).filter((id) => rects.has(id));
  const first = start.length > 0 ? union(start.map((id) => rects.get(id)!)) : all;
  const left = Math.min(all.x, first.x);
  const y =
    all.height * minZoom <= inner.height
      ? pad.top + (inner.height - all.height * minZoom) / 2 - all.y * minZoom
      : pad.top - Math.min(all.y, first.y) * minZoom;
  return { viewport: { x: pad.left - left * minZoom, y, zoom: minZoom }, fitted: start };
}

export interface FocusInput {
  box: Box;
  current: Viewport;
  /** The target's rectangles: one node, or an edge's two ends (source first, then target). */
  targets: Rect[];
  minZoom: number;
  maxZoom?: number;
  padding?: Padding;
}

/**
 * Where to move so the target is in view at a readable zoom, or null when it already is (the view
 * does not jump for a click on something the reader can see). Zooms in to readable when below it,
 * never out; centres the targets when they fit together, else the last one (an edge's target).
 */
export function focusViewport({ box, current, targets, minZoom, maxZoom = 2, padding }: FocusInput): Viewport | null {
  if (targets.length === 0 || box.width <= 0 || box.height <= 0) return null;
  const pad = padding ?? CANVAS_PADDING;
  const zoom = Math.min(maxZoom, Math.max(current.zoom, minZoom));
  const all = union(targets);
  if (current.zoom >= minZoom && inView(all, current, box, pad)) return null;
  const inner = { width: box.width - pad.left - pad.right, height: box.height - pad.top - pad.bottom };
  const target =
    all.width * zoom <= inner.width && all.height * zoom <= inner.height ? all : targets[targets.length - 1];
  return centre(target, box, pad, zoom);
}

/** Placements tried per axis when the story leaves room around it. */
const SLIDES = 9;

/**
 * The viewport at `zoom` that keeps `story` in view and shows the most other nodes whole: the story
 * slides within the room it leaves (centred on a tie), so a story of two steps does not cut both
 * neighbours in half.
 */
function placeWithContext(
  story: Rect,
  rects: ReadonlyMap<string, Rect>,
  box: Box,
  pad: Padding,
  zoom: number,
): Viewport {
  const base = centre(story, box, pad, zoom);
  const slackX = Math.max(0, box.width - pad.left - pad.right - story.width * zoom) / 2;
  const slackY = Math.max(0, box.height - pad.top - pad.bottom - story.height * zoom) / 2;
  let best = { viewport: base, shown: -1, offset: Infinity };
  for (let i = 0; i < SLIDES; i++)
    for (let j = 0; j < SLIDES; j++) {
      const dx = slackX * ((2 * i) / (SLIDES - 1) - 1);
      const dy = slackY * ((2 * j) / (SLIDES - 1) - 1);
      const v = { x: base.x + dx, y: base.y + dy, zoom };
      let shown = 0;
      for (const r of rects.values()) if (inView(r, v, box, pad)) shown++;
      const offset = Math.abs(dx) + Math.abs(dy);
      if (shown > best.shown || (shown === best.shown && offset < best.offset)) best = { viewport: v, shown, offset };
    }
  return best.viewport;
}

function union(rects: Rect[]): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r.x);
    y0 = Math.min(y0, r.y);
    x1 = Math.max(x1, r.x + r.width);
    y1 = Math.max(y1, r.y + r.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function fitZoom(r: Rect, inner: Box): number {
  return Math.min(inner.width / Math.max(1, r.width), inner.height / Math.max(1, r.height));
}

function fit(r: Rect, box: Box, pad: Padding, minZoom: number, maxZoom: number): Viewport {
  const inner = { width: box.width - pad.left - pad.right, height: box.height - pad.top - pad.bottom };
  const zoom = Math.min(maxZoom, Math.max(minZoom, fitZoom(r, inner)));
  return centre(r, box, pad, zoom);
}

/** The viewport that puts the centre of `r` at the centre of the padded box. */
function centre(r: Rect, box: Box, pad: Padding, zoom: number): Viewport {
  const cx = pad.left + (box.width - pad.left - pad.right) / 2;
  const cy = pad.top + (box.height - pad.top - pad.bottom) / 2;
  return { x: cx - (r.x + r.width / 2) * zoom, y: cy - (r.y + r.height / 2) * zoom, zoom };
}

function inView(r: Rect, v: Viewport, box: Box, pad: Padding): boolean {
  const x0 = r.x * v.zoom + v.x;
  const y0 = r.y * v.zoom + v.y;
  const x1 = (r.x + r.width) * v.zoom + v.x;
  const y1 = (r.y + r.height) * v.zoom + v.y;
  return (
    x0 >= (r.flushLeft ? 0 : pad.left) && y0 >= pad.top && x1 <= box.width - pad.right && y1 <= box.height - pad.bottom
  );
}
