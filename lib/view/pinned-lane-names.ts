/**
 * Lane names pinned to the canvas's left edge. A lane's own label node sits left of the run's first
 * step, so a canvas opened on the story of a long run, or panned right, shows rows of steps with no
 * name beside them. While the label nodes' names are out of view, each lane crossing the canvas gets
 * its name as a one-line tag at the left edge, in the gap just above its row of steps: a row header
 * that covers no step, whatever is under it, but for the row the canvas's top edge cuts, whose tag
 * sticks near that edge over the row's own steps.
 * Pure: lane label nodes, React Flow's transform and the canvas box in, screen positions out.
 */
import { laneNameWidth } from "./canvas-rects";
import type { LaneFlowNode } from "./flow-types";
import type { AgentStanding } from "./agent-standing";
import { LANE_HEIGHT, STEP_NODE_HEIGHT } from "./layout-swimlanes";

/** A tag's height on screen: 12 px text set solid (canvas.module.css `.laneTag`), so it fits the gap at the readable zoom. */
export const LANE_TAG_PX = 12;

/**
 * The step search box at the canvas's top left (canvas.module.css `.searchSlot`, `.search input`:
 * 8 px in, 212 px wide, about 26 px tall): a tag that would sit under it moves to its right.
 */
export const SEARCH_BOX = { bottom: 36, right: 228 };

export interface PinnedLaneName {
  agent: string;
  standing: AgentStanding;
  /**
   * Screen px from the canvas's top edge to the tag's top: it ends 1 px above the row's steps, or, for
   * the row the top edge cuts (`sticky`), is just below the step search box or 0.
   */
  top: number;
  /** The row's gap is above the canvas: the tag sticks near the top edge, over the row's own steps. */
  sticky: boolean;
  /** Screen px from `left`: 0, or right of the search box for a tag at its height. */
  indent: number;
}

/** React Flow's viewport transform: [x, y, zoom]. */
export type Transform = readonly [number, number, number];

/**
 * The tags to draw, top to bottom: none while the lane label nodes' names are in view (between
 * `left`, the first screen px the canvas leaves free, and the right edge), and none when the gap
 * above a row is too thin for a tag at this zoom (below the readable zoom, zoomed out by the reader:
 * a tag there would cover the steps' tops).
 */
export function pinnedLaneNames(
  lanes: readonly LaneFlowNode[],
  [x, y, zoom]: Transform,
  box: { width: number; height: number },
  left = 0,
): PinnedLaneName[] {
  if (lanes.length === 0 || ((LANE_HEIGHT - STEP_NODE_HEIGHT) / 2) * zoom < LANE_TAG_PX + 1) return [];
  const right = x + (lanes[0].position.x + (lanes[0].width ?? 0)) * zoom;
  const widest = Math.max(...lanes.map((l) => laneNameWidth(l.data.agent)));
  if (right - widest * zoom >= left && right <= box.width) return [];
  const out: PinnedLaneName[] = [];
  for (const lane of [...lanes].sort((a, b) => a.position.y - b.position.y)) {
    const gap = y + lane.position.y * zoom - LANE_TAG_PX - 1;
    if (gap + LANE_TAG_PX > box.height) continue;
    // A row the top edge cuts keeps its name, as a sticky header does, while a tag's height of its steps
    // is in view: in the left column just below the step search box where the row reaches below it, at
    // the top edge right of the box where it does not. There it lies over the row's own steps; the next
    // row's tag sits a whole gap below them, so the two never meet.
    const stepsBottom = y + (lane.position.y + (lane.height ?? STEP_NODE_HEIGHT)) * zoom;
    if (gap < 0 && stepsBottom < LANE_TAG_PX + 1) continue;
    const top = gap >= 0 ? gap : stepsBottom >= SEARCH_BOX.bottom + LANE_TAG_PX + 1 ? SEARCH_BOX.bottom : 0;
    const indent = top < SEARCH_BOX.bottom ? SEARCH_BOX.right : 0;
    out.push({ agent: lane.data.agent, standing: lane.data.standing, top, sticky: gap < 0, indent });
  }
  return out;
}
