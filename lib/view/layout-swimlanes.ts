/**
 * Swimlane layout for the Steps canvas: one horizontal lane per agent, time flows left to right.
 *
 * A step's column is the earliest one after both its lane predecessor and every step it receives
 * an edge from (longest-path layering over a DAG given in time order), so independent work of two
 * agents shares columns and the canvas stays compact. O(nodes + edges), pure and deterministic:
 * it runs on the main thread for normal runs and in a worker for huge ones.
 */

export interface LayoutItem {
  id: string;
  lane: number;
  /** Position in time order; edges from a higher or equal order are ignored (they point backwards). */
  order: number;
}

export interface LayoutLink {
  source: string;
  target: string;
}

export interface LayoutInput {
  items: LayoutItem[];
  links: LayoutLink[];
  laneCount: number;
}

export interface LayoutResult {
  positions: Record<string, { x: number; y: number }>;
  columns: number;
  /** Top y and height of each lane band, for drawing lane backgrounds and labels. */
  lanes: { y: number; height: number }[];
}

/** Step and group nodes; canvas.module.css sizes `.step`/`.group` the same (change both together). */
export const STEP_NODE_WIDTH = 200;
export const STEP_NODE_HEIGHT = 64;
/** CSS px of a step node's main label (its agent name): the readable zoom derives from it. */
export const STEP_LABEL_PX = 14;
export const COLUMN_GAP = 40;
export const LANE_HEIGHT = 96;
export const LANE_LABEL_WIDTH = 0;

/** Computes node positions; the same input always gives the same output. */
export function layoutSwimlanes({ items, links, laneCount }: LayoutInput): LayoutResult {
  const sorted = [...items].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const orderOf = new Map(sorted.map((item) => [item.id, item.order]));
  const incoming = new Map<string, string[]>();
  for (const link of links) {
    const from = orderOf.get(link.source);
    const to = orderOf.get(link.target);
    if (from === undefined || to === undefined || from >= to) continue;
    const list = incoming.get(link.target);
    if (list) list.push(link.source);
    else incoming.set(link.target, [link.source]);
  }
  const column = new Map<string, number>();
  const laneNext = new Array<number>(laneCount).fill(0);
  let columns = 0;
  for (const item of sorted) {
    let col = laneNext[item.lane] ?? 0;
    for (const source of incoming.get(item.id) ?? []) col = Math.max(col, (column.get(source) ?? -1) + 1);
    column.set(item.id, col);
    laneNext[item.lane] = col + 1;
    columns = Math.max(columns, col + 1);
  }
  const positions: LayoutResult["positions"] = {};
  for (const item of sorted)
    positions[item.id] = {
      x: LANE_LABEL_WIDTH + column.get(item.id)! * (STEP_NODE_WIDTH + COLUMN_GAP),
      y: item.lane * LANE_HEIGHT + (LANE_HEIGHT - STEP_NODE_HEIGHT) / 2,
    };
  const lanes = Array.from({ length: laneCount }, (_, i) => ({ y: i * LANE_HEIGHT, height: LANE_HEIGHT }));
  return { positions, columns, lanes };
}
