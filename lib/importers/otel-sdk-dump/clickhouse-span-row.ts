import { isRecord } from "../trace-builder";
import type { DecodedSpan } from "../otlp/decoded-span";
import { normalizeOtlpId } from "../otlp/otlp-ids";
import { COLUMNS, KNOWN_COLUMNS, column } from "./clickhouse-columns";
import { attributesOf } from "./clickhouse-column-values";
import { endTime, rowTime } from "./clickhouse-time";
import { rowEvents, rowLinks } from "./clickhouse-events";
import { spanKindNumber, statusCodeNumber } from "./flat-otlp-span";

/**
 * One row of the OpenTelemetry Collector ClickHouse exporter's `otel_traces` table, with the
 * exporter's column names (`SpanId`, `SpanName`, `Timestamp`, …) or their snake_case spelling
 * (`span_id`, …, as Patronus AI's export and the TRAIL benchmark write them). Span id, name and start
 * time are required: together they tell a row from AgentOps' span rows (`start_time`) and from
 * every other span shape.
 */
export function isClickHouseSpanRow(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) &&
    typeof column(value, COLUMNS.SpanId) === "string" &&
    typeof column(value, COLUMNS.SpanName) === "string" &&
    column(value, COLUMNS.Timestamp) !== undefined
  );
}

/** Where a row sits in the file, and what its container and nesting say about it. */
export interface RowPlace {
  /**
   * The list holding the row, for messages: `data`, "" for a top-level list, or `spans[0].child_spans…`
   * for every row nested under `spans[0]`, whose `index` then counts them depth first (`span-records.ts`).
   */
  path: string;
  index: number;
  /** Span id of the row whose `child_spans` hold this one: its parent, whatever its own column says. */
  nestedIn?: string;
  /** Trace id of the export (`{trace_id, spans}`) or of the nesting row, for a row without one. */
  traceId?: string;
}

/** Prefix of columns outside the exporter's schema, kept as attributes (Patronus adds `logs`). */
export const EXTRA_COLUMN_PREFIX = "row.";

/** The decoded OTLP span of a row, so the OTLP mapping (agents, payload, tree repair) reads it unchanged. */
export function decodeClickHouseRow(row: Record<string, unknown>, place: RowPlace): DecodedSpan {
  const start = rowTime(column(row, COLUMNS.Timestamp));
  const attributes = attributesOf(column(row, COLUMNS.SpanAttributes));
  const traceState = column(row, COLUMNS.TraceState);
  if (typeof traceState === "string" && traceState !== "") attributes["otel.trace_state"] = traceState;
  for (const key in row) if (!KNOWN_COLUMNS.has(key)) attributes[`${EXTRA_COLUMN_PREFIX}${key}`] = row[key];
  const resource = attributesOf(column(row, COLUMNS.ResourceAttributes));
  const service = column(row, COLUMNS.ServiceName);
  // The exporter takes `ServiceName` out of the resource; a query may select it alone.
  if (resource["service.name"] === undefined && typeof service === "string" && service)
    resource["service.name"] = service;
  const scopeName = text(column(row, COLUMNS.ScopeName));
  const scopeVersion = text(column(row, COLUMNS.ScopeVersion));
  return {
    traceId: normalizeOtlpId(column(row, COLUMNS.TraceId), 16) ?? place.traceId,
    spanId: normalizeOtlpId(column(row, COLUMNS.SpanId), 8),
    parentSpanId: place.nestedIn ?? normalizeOtlpId(column(row, COLUMNS.ParentSpanId), 8),
    name: column(row, COLUMNS.SpanName) as string,
    kind: spanKindNumber(column(row, COLUMNS.SpanKind)),
    start,
    end: endTime(start, column(row, COLUMNS.Duration)),
    attributes,
    events: rowEvents(row),
    links: rowLinks(row),
    statusCode: statusCodeNumber(column(row, COLUMNS.StatusCode)),
    statusMessage: text(column(row, COLUMNS.StatusMessage)),
    resource,
    scope: scopeName || scopeVersion ? { name: scopeName, version: scopeVersion } : undefined,
    path: place.path,
    pathIndex: place.index,
  };
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v ? v : undefined;
}
