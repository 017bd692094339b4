import { TraceInputError } from "../../trace/errors";
import { isRecord } from "../trace-builder";
import { normalizeOtlpId } from "../otlp/otlp-ids";
import { CHILD_SPANS, COLUMNS, column } from "./clickhouse-columns";
import { isClickHouseSpanRow, type RowPlace } from "./clickhouse-span-row";

/** One span record of a dump, to decode, and its place (see `RowPlace`). */
export interface SpanRecord extends RowPlace {
  record: unknown;
}

/** Keys a list of ClickHouse rows comes under: ClickHouse's `FORMAT JSON` writes `data`. */
const ROW_LISTS = ["spans", "rows", "data"] as const;

/**
 * Nesting deeper than this is a broken or hostile file, not a run: the bound LangSmith's
 * `child_runs` walk has (`langsmith/flatten-runs.ts`). The walk below is iterative, so the bound
 * keeps the run's tree sane, not the stack.
 */
export const MAX_NESTING = 10_000;

/**
 * The span records of a dump, in file order with each row's nested `child_spans` after it (depth
 * first): one span, a list of spans (JSON array or JSONL), or lists of ClickHouse rows under
 * `spans`/`rows`/`data` (also several such documents, one per line). Rows nested deeper than
 * `MAX_NESTING` are left out with a warning; more than `maxSpans` records in all are refused before
 * any is decoded.
 */
export function spanRecords(value: unknown, maxSpans: number): { records: SpanRecord[]; warnings: string[] } {
  const top = Array.isArray(value) ? value : [value];
  if (top.length > maxSpans)
    throw new TraceInputError("too_large", `The span dump holds ${top.length} spans; at most ${maxSpans} are read`);
  const records: SpanRecord[] = [];
  const nested: Nested = { deep: 0, maxSpans, records };
  for (let i = 0; i < top.length; i++) {
    const item = top[i];
    const list = rowList(item);
    const at = Array.isArray(value) ? `[${i}]` : "";
    if (!list) {
      push(nested, { record: item, path: "", index: i });
      continue;
    }
    tooMany(records.length + list.rows.length, maxSpans);
    const path = `${at}${at ? "." : ""}${list.key}`;
    for (let k = 0; k < list.rows.length; k++)
      push(nested, { record: list.rows[k], path, index: k, traceId: list.traceId });
  }
  const warnings = nested.deep
    ? [
        `the child_spans of ${nested.deep} span(s) nested ${MAX_NESTING} levels deep were not imported (deeper nesting is refused)`,
      ]
    : [];
  return { records, warnings };
}

/** Whether a value is a document holding ClickHouse rows (`{spans|rows|data: [row, …]}`). */
export function isRowList(value: unknown): boolean {
  return rowList(value) !== undefined;
}

function rowList(value: unknown): { key: string; rows: unknown[]; traceId?: string } | undefined {
  if (!isRecord(value)) return undefined;
  for (const key of ROW_LISTS) {
    const rows = value[key];
    if (Array.isArray(rows) && isClickHouseSpanRow(rows.find(isRecord))) {
      // Patronus' export names its trace once, beside the list: `{trace_id, spans: [root]}`.
      const traceId = normalizeOtlpId(value.trace_id ?? value.TraceId, 16);
      return { key, rows, traceId };
    }
  }
  return undefined;
}

interface Nested {
  /** Rows at `MAX_NESTING` whose children were left out. */
  deep: number;
  maxSpans: number;
  records: SpanRecord[];
}

/**
 * Adds a top-level record and, for a ClickHouse row, every row nested under it, with an explicit
 * stack (no recursion: a hostile chain of nested rows must not overflow the call stack). Nested
 * rows are placed as `<top row>.child_spans…[n]`, the n-th row below it depth first: one path string
 * per top row, since a path per level would grow with the depth (quadratic on a deep chain).
 */
function push(state: Nested, first: SpanRecord): void {
  const subtree = `${first.path}[${first.index}].child_spans…`;
  let below = 0;
  const stack: { item: SpanRecord; depth: number }[] = [{ item: first, depth: 0 }];
  while (stack.length) {
    const { item, depth } = stack.pop()!;
    if (depth > 0) item.index = ++below; // numbered as they come off the stack: depth first
    state.records.push(item);
    tooMany(state.records.length, state.maxSpans);
    const row = item.record;
    if (!isClickHouseSpanRow(row)) continue;
    const children = row[CHILD_SPANS];
    if (!Array.isArray(children) || children.length === 0) continue;
    if (depth >= MAX_NESTING) {
      state.deep++;
      continue;
    }
    // Every row on the stack will be added: refused before the stack grows past the bound.
    tooMany(state.records.length + stack.length + children.length, state.maxSpans);
    const nestedIn = normalizeOtlpId(column(row, COLUMNS.SpanId), 8);
    const traceId = normalizeOtlpId(column(row, COLUMNS.TraceId), 16) ?? item.traceId;
    // Pushed last to first, so they come off the stack, and into the list, in file order.
    for (let k = children.length - 1; k >= 0; k--)
      stack.push({ item: { record: children[k], path: subtree, index: 0, nestedIn, traceId }, depth: depth + 1 });
  }
}

function tooMany(count: number, maxSpans: number): void {
  if (count > maxSpans)
    throw new TraceInputError(
      "too_large",
      `The span dump holds more than ${maxSpans} spans (nested child_spans included); at most ${maxSpans} are read`,
    );
}
