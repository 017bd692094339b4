import type { DecodedSpan } from "./decoded-span";
import { compareNano } from "./decoded-span";

/** Spans in global order with resolved, acyclic parents, plus what was repaired on the way. */
export interface SpanTree {
  spans: DecodedSpan[];
  /** Unique step id per span, parallel to `spans`. */
  ids: string[];
  /** Index of each span's parent in `spans`, or -1 for roots. Parents always come first. */
  parent: Int32Array;
  warnings: string[];
}

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
  const byId = new Map<string, number>();
  let missingIds = 0;
  let resent = 0;
  for (const span of input) {
    let id = span.spanId;
    if (id === undefined) {
      missingIds++;
      id = `span-${missingIds}`;
    }
    const seen = byId.get(id);
    if (seen !== undefined) {
      const other = spans[seen];
      if (other.name === span.name && compareNano(other.start, span.start) === 0) {
        resent++;
        continue;
      }
      let n = 2;
      while (byId.has(`${id}#${n}`)) n++;
      warnings.push(`span id ${id} is used by two different spans (${span.path}); the second was renamed ${id}#${n}`);
      id = `${id}#${n}`;
    }
    byId.set(id, spans.length);
    spans.push(span);
    ids.push(id);
  }
  if (missingIds) warnings.push(`${missingIds} span(s) had no spanId; generated ids span-1..span-${missingIds}`);
  if (resent) warnings.push(`${resent} duplicated span(s) (same id, name and start) were dropped`);

  const n = spans.length;
  const parent = new Int32Array(n).fill(-1);
  let dangling = 0;
  for (let i = 0; i < n; i++) {
    const pid = spans[i].parentSpanId;
    if (pid === undefined) continue;
    const p = byId.get(pid);
    if (p === undefined || p === i) dangling++;
    else parent[i] = p;
  }
  if (dangling) warnings.push(`${dangling} span(s) reference a parent span that is not in the file; shown as roots`);
  breakCycles(parent, ids, warnings);

  // Effective start: a child never sorts before its parent (clock skew between processes).
  const depth = new Int32Array(n).fill(-1);
  const effective: (DecodedSpan["start"] | undefined)[] = new Array(n);
  let skewed = 0;
  const resolve = (i: number): void => {
    const stack: number[] = [];
    for (let k = i; k >= 0 && depth[k] < 0; k = parent[k]) stack.push(k);
    for (let s = stack.length - 1; s >= 0; s--) {
      const k = stack[s];
      const p = parent[k];
      depth[k] = p >= 0 ? depth[p] + 1 : 0;
      const own = spans[k].start;
      const ps = p >= 0 ? effective[p] : undefined;
      if (ps && (!own || compareNano(own, ps) < 0)) {
        if (own) skewed++;
        effective[k] = ps;
      } else effective[k] = own;
    }
  };
  for (let i = 0; i < n; i++) resolve(i);
  if (skewed) warnings.push(`${skewed} span(s) start before their parent (clock skew); ordered after the parent`);

  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareNano(effective[a], effective[b]) || depth[a] - depth[b] || a - b);
  const position = new Int32Array(n);
  order.forEach((old, pos) => (position[old] = pos));
  const sortedParent = new Int32Array(n);
  order.forEach((old, pos) => (sortedParent[pos] = parent[old] >= 0 ? position[parent[old]] : -1));
  return { spans: order.map((i) => spans[i]), ids: order.map((i) => ids[i]), parent: sortedParent, warnings };
}

/** Cuts every parent loop at the span that closes it (colouring walk, linear time). */
function breakCycles(parent: Int32Array, ids: string[], warnings: string[]): void {
  const state = new Uint8Array(parent.length); // 0 new, 1 on current path, 2 done
  for (let i = 0; i < parent.length; i++) {
    const path: number[] = [];
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
