import { isRecord } from "../trace-builder";

/**
 * Records of the OpenAI Agents SDK's own trace export (`Trace.export()` / `Span.export()`, the
 * items its exporter posts to `/v1/traces/ingest`):
 * `{object: "trace", id, workflow_name, group_id, metadata}` and
 * `{object: "trace.span", id, trace_id, parent_id, started_at, ended_at, span_data: {type, ...}, error}`.
 */
export function isAgentsSdkSpan(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) &&
    isRecord(value.span_data) &&
    typeof value.span_data.type === "string" &&
    (value.object === "trace.span" || typeof value.trace_id === "string")
  );
}

export function isAgentsSdkTrace(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && value.object === "trace" && typeof value.id === "string";
}

/** The records of an upload: `{data: [...]}` (the ingest payload), a list or JSONL, or `{trace, spans}`. */
export function agentsSdkItems(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isRecord(value)) return undefined;
  if (Array.isArray(value.data)) return value.data;
  if (Array.isArray(value.spans)) return isRecord(value.trace) ? [value.trace, ...value.spans] : value.spans;
  return undefined;
}

/**
 * The record inside a lifecycle event, as tracing processors that log `on_span_start`/`on_span_end`
 * write them: `{event: "span_end", span: {...}}`, `{event: "trace_start", trace: {...}}` (or `item`).
 */
export function unwrapAgentsSdkItem(item: unknown): unknown {
  if (!isRecord(item) || typeof item.event !== "string") return item;
  return item.span ?? item.trace ?? item.item ?? item;
}

/** Whether an upload is an Agents SDK export: some span record with `span_data`. */
export function looksLikeAgentsSdkExport(value: unknown): boolean {
  const items = agentsSdkItems(value);
  if (!items) return false;
  const limit = Math.min(items.length, 50);
  for (let i = 0; i < limit; i++) if (isAgentsSdkSpan(unwrapAgentsSdkItem(items[i]))) return true;
  return false;
}
