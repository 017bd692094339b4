import type { DecodedSpan } from "./decoded-span";
import { compareNano, spanPath } from "./decoded-span";
import { IdIndex } from "../id-index";

/** Spans in global order with resolved, acyclic parents, plus what was repaired on the way. */
export interface SpanTree {
  spans: DecodedSpan[];
  /** Unique step id per span, parallel to `spans`. */
  ids: string[];
  /** Index of each span's parent in `spans`, or -1 for roots. Parents always come first. */
  parent: Int32Array;
  warnings: string[];
}

/** Per-span rename warnings kept; the rest are summed up in one line (a hostile file can have millions). */
const MAX_RENAME_WARNINGS = 20;

/**
 * Orders spans and links them into a forest, repairing what can be repaired:
 * - spans without a span id get a generated id (`span-<n>`);
 * - an exact re-send of a span (same id, name, start) is dropped; a different span reusing an id
 *   is renamed `<id>#2` and its children stay with the first one;
 * - a parent id that matches no span makes the span a root (dangling parent);
 * - a parent chain that loops is cut where the loop closes.
 * Order is by start time, with each child placed after its parent even under clock skew.
 */
export function buildSpanTree(input: readonly DecodedSpan[]): SpanTree {
  const warnings: string[] = [];
  const spans: DecodedSpan[] = [];
  const ids: string[] = [];
  const byId = new IdIndex(input.length);
  let missingIds = 0;
  let resent = 0;
  let renamed = 0;
  const nextSuffix = new Map<string, number>();
  for (let s = 0; s < input.length; s++) {
    const span = input[s];
    let id = span.spanId;
    if (id === undefined) {
      missingIds++;
      id = `span-${missingIds}`;
    }
    const seen = byId.get(id);
    if (seen >= 0) {
      const other = spans[seen];
      if (other.name === span.name && compareNano(other.start, span.start) === 0) {
        resent++;
        continue;
      }
      // Next free suffix per id: k spans sharing one id cost O(k), not O(k²) probes.
      let n = nextSuffix.get(id) ?? 2;
      while (byId.has(`${id}#${n}`)) n++;
      nextSuffix.set(id, n + 1);
      if (++renamed <= MAX_RENAME_WARNINGS)
        warnings.push(
          `span id ${id} is used by two different spans (${spanPath(span)}); the second was renamed ${id}#${n}`,
        );
      id = `${id}#${n}`;
    }
    byId.add(id, spans.length);
    spans.push(span);
    ids.push(id);
  }
  if (missingIds) warnings.push(`${missingIds} span(s) had no spanId; generated ids span-1..span-${missingIds}`);
  if (renamed > MAX_RENAME_WARNINGS)
    warnings.push(`${renamed - MAX_RENAME_WARNINGS} more span(s) with a reused span id were renamed`);
  if (resent) warnings.push(`${resent} duplicated span(s) (same id, name and start) were dropped`);

  const n = spans.length;
  const parent = new Int32Array(n).fill(-1);
  let dangling = 0;
  for (let i = 0; i < n; i++) {
    const pid = spans[i].parentSpanId;
    if (pid === undefined) continue;
    const p = byId.get(pid);
    if (p < 0 || p === i) dangling++;
    else parent[i] = p;
  }
  if (dangling) warnings.push(`${dangling} span(s) reference a parent span that is not in the file; shown as roots`);
  breakCycles(parent, ids, warnings);

  // Effective start: a child never sorts before its parent (clock skew between processes).
  // Kept as two typed arrays (ms, ns below it; NaN = no start) so sorting compares numbers.
  const depth = new Int32Array(n).fill(-1);
  const startMs = new Float64Array(n);
  const startNs = new Float64Array(n);
  let skewed = 0;
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    stack.length = 0;
    for (let k = i; k >= 0 && depth[k] < 0; k = parent[k]) stack.push(k);
    for (let s = stack.length - 1; s >= 0; s--) {
      const k = stack[s];
      const p = parent[k];
      depth[k] = p >= 0 ? depth[p] + 1 : 0;
      const own = spans[k].start;
      if (
        p >= 0 &&
        !Number.isNaN(startMs[p]) &&
        (!own || own.ms < startMs[p] || (own.ms === startMs[p] && own.subNs < startNs[p]))
      ) {
        if (own) skewed++;
        startMs[k] = startMs[p];
        startNs[k] = startNs[p];
      } else {
        startMs[k] = own ? own.ms : Number.NaN;
        startNs[k] = own ? own.subNs : 0;
      }
    }
  }
  if (skewed) warnings.push(`${skewed} span(s) start before their parent (clock skew); ordered after the parent`);

  // Spans without a start sort last (as `compareNano` orders them), then by time, depth, input order.
  const before = (a: number, b: number): number => {
    const am = startMs[a];
    const bm = startMs[b];
    const aMissing = Number.isNaN(am);
    const bMissing = Number.isNaN(bm);
    if (aMissing !== bMissing) return aMissing ? 1 : -1;
    return (aMissing ? 0 : am - bm || startNs[a] - startNs[b]) || depth[a] - depth[b] || a - b;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = before(i - 1, i) < 0;
  if (!sorted) order.sort(before); // exporters often write spans in start order already
  const position = new Int32Array(n);
  for (let pos = 0; pos < n; pos++) position[order[pos]] = pos;
  const sortedParent = new Int32Array(n);
  for (let pos = 0; pos < n; pos++) sortedParent[pos] = parent[order[pos]] >= 0 ? position[parent[order[pos]]] : -1;
  return { spans: order.map((i) => spans[i]), ids: order.map((i) => ids[i]), parent: sortedParent, warnings };
}

/** Cuts every parent loop at the span that closes it (colouring walk, linear time). */
function breakCycles(parent: Int32Array, ids: string[], warnings: string[]): void {
  const state = new Uint8Array(parent.length); // 0 new, 1 on current path, 2 done
  const path: number[] = [];
  for (let i = 0; i < parent.length; i++) {
    if (state[i] === 2) continue;
    path.length = 0;
    let k = i;
    while (k >= 0 && state[k] === 0) {
      state[k] = 1;
      path.push(k);
      k = parent[k];
    }
    if (k >= 0 && state[k] === 1) {
      warnings.push(`span parent cycle through ${ids[k]}; cut at span ${ids[path[path.length - 1]]}`);
      parent[path[path.length - 1]] = -1;
    }
    for (const p of path) state[p] = 2;
  }
}
