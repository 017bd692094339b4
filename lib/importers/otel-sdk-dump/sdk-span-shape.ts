import { isFlatOtlpSpan, unwrapSpanRecord } from "./flat-otlp-span";
import { isClickHouseSpanRow } from "./clickhouse-span-row";
import { isRecord } from "../trace-builder";

/**
 * Shapes of spans that OpenTelemetry SDKs write without the OTLP envelope:
 * - Python `ReadableSpan.to_json()` (what `ConsoleSpanExporter` prints, and what Monocle saves):
 *   `{name, context: {trace_id: "0x…", span_id}, parent_id, kind: "SpanKind.INTERNAL", start_time, …}`;
 * - JS `ReadableSpan` serialized with `JSON.stringify`: `{name, _spanContext|spanContext: {traceId,
 *   spanId}, parentSpanId | parentSpanContext, startTime: [s, ns], …}`, and the JS console
 *   exporter's record `{traceId, id, parentId, timestamp (µs), duration (µs), …}`;
 * - a row of the OpenTelemetry Collector ClickHouse exporter (`clickhouse-span-row.ts`).
 */
export function isPythonSdkSpan(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.name === "string" && isRecord(value.context) && "span_id" in value.context;
}

export function isJsSdkSpan(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || typeof value.name !== "string") return false;
  if (isRecord(value._spanContext) || isRecord(value.spanContext)) return true;
  // Console exporter record: ids at the top, times in microseconds or as hrtime pairs.
  return (
    typeof value.traceId === "string" &&
    (typeof value.id === "string" || typeof value.spanId === "string") &&
    (isHrTime(value.startTime) || typeof value.timestamp === "number")
  );
}

/** Not a type guard on purpose: detection keeps narrowing the same value for other formats after a miss. */
export function isSdkSpan(value: unknown): boolean {
  return (
    isPythonSdkSpan(value) ||
    isJsSdkSpan(value) ||
    isFlatOtlpSpan(unwrapSpanRecord(value)) ||
    isClickHouseSpanRow(value)
  );
}

/** `[seconds, nanoseconds]`, or the same pair serialized from a typed array as `{"0": s, "1": ns}`. */
export function isHrTime(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 2 && typeof value[0] === "number" && typeof value[1] === "number";
  return isRecord(value) && typeof value["0"] === "number" && typeof value["1"] === "number";
}
