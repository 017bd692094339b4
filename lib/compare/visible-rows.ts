/**
 * Which aligned rows the compare page lists: all, or only divergent ones with a row of context;
 * optionally one agent's rows; and for long runs a window of rows around the focus (the selection
 * or the first divergence), so 5k-step runs render a few hundred rows, not ten thousand.
 */
import type { AlignedRow } from "./align-runs";

export type VisibleItem = { type: "row"; index: number } | { type: "gap"; hidden: number };

export interface VisibleRows {
  items: VisibleItem[];
  /** Position of the window in the filtered rows: [start, end) of `total`. */
  start: number;
  end: number;
  total: number;
}

export const ROW_WINDOW = 300;

/** The list items to render. `keep` filters rows (agent filter); `focus` is a row index to keep in view. */
export function visibleRows(
  rows: AlignedRow[],
  options: {
    show: "all" | "diff";
    keep?: (index: number) => boolean;
    focus: number | null;
    from: number | null;
    window?: number;
  },
): VisibleRows {
  const size = options.window ?? ROW_WINDOW;
  const keep = options.keep ?? (() => true);
  const near = new Uint8Array(rows.length);
  if (options.show === "diff")
    rows.forEach((r, i) => {
      if (!r.divergent || !keep(i)) return;
      for (let d = -1; d <= 1; d++) if (i + d >= 0 && i + d < rows.length) near[i + d] = 1;
    });
  const candidates: number[] = [];
  for (let i = 0; i < rows.length; i++) if (keep(i) && (options.show === "all" || near[i])) candidates.push(i);
  let start = 0;
  if (candidates.length > size) {
    if (options.from !== null) start = candidates.findIndex((i) => i >= options.from!);
    else if (options.focus !== null) start = candidates.findIndex((i) => i >= options.focus!) - Math.floor(size / 4);
    start = Math.max(0, Math.min(start < 0 ? candidates.length - size : start, candidates.length - size));
  }
  const end = Math.min(candidates.length, start + size);
  const items: VisibleItem[] = [];
  let previous = start > 0 ? candidates[start - 1] : -1;
  for (let k = start; k < end; k++) {
    const i = candidates[k];
    if (i > previous + 1 && (k > start || start === 0) && options.show === "diff")
      items.push({ type: "gap", hidden: i - previous - 1 });
    items.push({ type: "row", index: i });
    previous = i;
  }
  return { items, start, end, total: candidates.length };
}
