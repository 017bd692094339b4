/**
 * Which canvas nodes the Steps canvas opens fitted to: the anchor (selected or decisive step) and as
 * many propagation-path neighbours as fit at a readable zoom. Fitting the whole run makes 2k steps
 * unreadable dots; fitting the whole path can span the run; this keeps the story around the anchor.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
  /** May sit against the canvas's left edge, inside the left padding (a lane's name, between the corner controls). */
  flushLeft?: boolean;
}

/**
 * Grows a window over `path` (node ids in propagation order, duplicates allowed) around `anchor`,
 * alternating forward and backward, while the union of the nodes' rects stays within
 * `maxWidth` × `maxHeight` (flow units). Returns the anchor alone when nothing else fits, and []
 * without an anchor (the caller then fits everything).
 */
export function storyNodes(
  anchor: string | undefined,
  path: string[],
  rectOf: (id: string) => Rect | undefined,
  maxWidth: number,
  maxHeight: number,
): string[] {
  if (!anchor || !rectOf(anchor)) return [];
  const order = [...new Set(path)];
  const chosen = [anchor];
  let box = { ...rectOf(anchor)! };
  const fits = (r: Rect) => {
    const x0 = Math.min(box.x, r.x);
    const y0 = Math.min(box.y, r.y);
    const x1 = Math.max(box.x + box.width, r.x + r.width);
    const y1 = Math.max(box.y + box.height, r.y + r.height);
    return x1 - x0 <= maxWidth && y1 - y0 <= maxHeight ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
  };
  const at = order.indexOf(anchor);
  if (at < 0) return chosen;
  let fwd = at + 1;
  let back = at - 1;
  let open = { fwd: true, back: true };
  while (open.fwd || open.back) {
    for (const dir of ["fwd", "back"] as const) {
      if (!open[dir]) continue;
      const i = dir === "fwd" ? fwd : back;
      const rect = i >= 0 && i < order.length ? rectOf(order[i]) : undefined;
      const grown = rect ? fits(rect) : null;
      if (!grown) {
        open = { ...open, [dir]: false };
        continue;
      }
      box = grown;
      chosen.push(order[i]);
      if (dir === "fwd") fwd++;
      else back--;
    }
  }
  return chosen;
}
