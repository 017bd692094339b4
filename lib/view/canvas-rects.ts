/**
 * The rectangles the opening and the focus moves keep in view, one per canvas node. A lane label's
 * node is a wide box whose name and badge sit right-aligned against the lane: the reader needs that
 * part, not the blank left of the box, so a label counts as shown once its name is (a viewport that
 * cut every label's name to "…er" counted as no worse than one that showed them). The names sit
 * between the search box (top left) and the zoom controls (bottom left), so they may reach the
 * canvas's left edge where a step may not.
 */
import type { CanvasNode } from "./flow-types";
import type { Rect } from "./opening-viewport";

/** Width of a 14 px bold character, on average, and the label's right padding (canvas.module.css `.lane`). */
const CHAR_PX = 8.5;
const LABEL_PADDING = 8;
/** The widest badge under a name ("◐ co-culprit"). */
const BADGE_PX = 90;

/** How much of a lane label's right part holds its name and badge (a long name overflows to the left). */
export function laneNameWidth(agent: string): number {
  return LABEL_PADDING + Math.max(BADGE_PX, Math.ceil(agent.length * CHAR_PX));
}

export function canvasRects(nodes: readonly CanvasNode[]): Map<string, Rect> {
  return new Map(
    nodes.map((n) => {
      const width = n.width ?? 0;
      const height = n.height ?? 0;
      if (n.type === "lane") {
        const name = laneNameWidth(String((n.data as { agent?: unknown }).agent ?? ""));
        const x = n.position.x + width - name;
        return [n.id, { x, y: n.position.y, width: name, height, flushLeft: true }];
      }
      return [n.id, { x: n.position.x, y: n.position.y, width, height }];
    }),
  );
}
