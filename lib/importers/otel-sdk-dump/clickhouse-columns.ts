/**
 * Column names of the OpenTelemetry Collector ClickHouse exporter's `otel_traces` table, as its
 * `FORMAT JSON`/`JSONEachRow` output spells them (PascalCase), each with the snake_case spelling
 * that exports built on it use (Patronus AI's trace export, TRAIL). Written out, not derived, so
 * reading a column costs two property reads and no string work per row.
 */
export const COLUMNS = {
  Timestamp: ["Timestamp", "timestamp"],
  TraceId: ["TraceId", "trace_id"],
  SpanId: ["SpanId", "span_id"],
  ParentSpanId: ["ParentSpanId", "parent_span_id"],
  TraceState: ["TraceState", "trace_state"],
  SpanName: ["SpanName", "span_name"],
  SpanKind: ["SpanKind", "span_kind"],
  ServiceName: ["ServiceName", "service_name"],
  ResourceAttributes: ["ResourceAttributes", "resource_attributes"],
  ScopeName: ["ScopeName", "scope_name"],
  ScopeVersion: ["ScopeVersion", "scope_version"],
  SpanAttributes: ["SpanAttributes", "span_attributes"],
  Duration: ["Duration", "duration"],
  StatusCode: ["StatusCode", "status_code"],
  StatusMessage: ["StatusMessage", "status_message"],
  // `Events` and `Links` are Nested columns: one array per field ("Events.Name": [...]) by default
  // (`flatten_nested = 1`), or one array of objects when nesting is kept.
  Events: ["Events", "events"],
  EventsTimestamp: ["Events.Timestamp", "events.timestamp"],
  EventsName: ["Events.Name", "events.name"],
  EventsAttributes: ["Events.Attributes", "events.attributes"],
  Links: ["Links", "links"],
  LinksTraceId: ["Links.TraceId", "links.trace_id"],
  LinksSpanId: ["Links.SpanId", "links.span_id"],
  LinksTraceState: ["Links.TraceState", "links.trace_state"],
  LinksAttributes: ["Links.Attributes", "links.attributes"],
} as const;

/** Not an exporter column: where a nested export (Patronus') puts a span's children. */
export const CHILD_SPANS = "child_spans";

export type Column = (typeof COLUMNS)[keyof typeof COLUMNS];

/** Every spelling of every column above, so the rest of a row can be kept apart (see `extraColumns`). */
export const KNOWN_COLUMNS: ReadonlySet<string> = new Set([...Object.values(COLUMNS).flat(), CHILD_SPANS]);

/** The value of a column in either spelling (PascalCase first: it is the exporter's own). */
export function column(row: Record<string, unknown>, names: Column): unknown {
  const pascal = row[names[0]];
  return pascal !== undefined ? pascal : row[names[1]];
}
