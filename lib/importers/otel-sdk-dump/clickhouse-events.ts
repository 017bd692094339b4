import { isRecord } from "../trace-builder";
import type { DecodedEvent, DecodedSpan } from "../otlp/decoded-span";
import { normalizeOtlpId } from "../otlp/otlp-ids";
import { COLUMNS, type Column, column } from "./clickhouse-columns";
import { attributesOf, decodeText } from "./clickhouse-column-values";
import { rowTime } from "./clickhouse-time";

type Link = DecodedSpan["links"][number];

/**
 * A row's span events. ClickHouse flattens the Nested `Events` column into parallel arrays
 * ("Events.Name": [...], "Events.Timestamp": [...]) unless `flatten_nested = 0`, which keeps one
 * array of `{Timestamp, Name, Attributes}` objects (`[time, name, attributes]` tuples in the compact
 * formats). Exports built on the table write either (Patronus: the objects), or one object holding
 * the parallel arrays (`"Events": {"Name": [...], ...}`).
 */
export function rowEvents(row: Record<string, unknown>): DecodedEvent[] {
  return nested(row, COLUMNS.Events, EVENT_FIELDS, (get) => ({
    name: typeof get(1) === "string" ? (get(1) as string) : "",
    time: rowTime(get(0)),
    attributes: attributesOf(get(2)),
  }));
}

/** A row's span links, read the same way as its events. */
export function rowLinks(row: Record<string, unknown>): Link[] {
  return nested(row, COLUMNS.Links, LINK_FIELDS, (get) => {
    const attributes = attributesOf(get(3));
    // Kept, not dropped: the link's trace state has no field of its own.
    if (typeof get(2) === "string" && get(2) !== "") attributes["otel.trace_state"] = get(2);
    return {
      traceId: normalizeOtlpId(get(0), 16),
      spanId: normalizeOtlpId(get(1), 8),
      attributes: Object.keys(attributes).length ? attributes : undefined,
    };
  });
}

/**
 * The fields of one nested entry, in tuple order: the names an entry object may use for it, and
 * the flattened column holding it for every entry.
 */
interface Field {
  entry: readonly string[];
  flat: Column;
}
const EVENT_FIELDS: readonly Field[] = [
  { entry: ["Timestamp", "timestamp", "time"], flat: COLUMNS.EventsTimestamp },
  { entry: ["Name", "name"], flat: COLUMNS.EventsName },
  { entry: ["Attributes", "attributes"], flat: COLUMNS.EventsAttributes },
];
const LINK_FIELDS: readonly Field[] = [
  { entry: ["TraceId", "trace_id", "traceId"], flat: COLUMNS.LinksTraceId },
  { entry: ["SpanId", "span_id", "spanId"], flat: COLUMNS.LinksSpanId },
  { entry: ["TraceState", "trace_state", "traceState"], flat: COLUMNS.LinksTraceState },
  { entry: ["Attributes", "attributes"], flat: COLUMNS.LinksAttributes },
];

/** Reads field k of the current entry. */
type Get = (k: number) => unknown;

function nested<T>(row: Record<string, unknown>, names: Column, fields: readonly Field[], make: (get: Get) => T): T[] {
  const value = decodeText(column(row, names));
  if (Array.isArray(value)) return value.map((entry) => make(entryGetter(entry, fields)));
  // Parallel arrays: inside the column's object, or as flattened columns beside it.
  const arrays = fields.map((field) => parallelArray(row, value, field));
  const count = arrays.reduce((n, a) => Math.max(n, a?.length ?? 0), 0);
  const out: T[] = new Array(count);
  for (let i = 0; i < count; i++) out[i] = make((k) => arrays[k]?.[i]);
  return out;
}

function entryGetter(entry: unknown, fields: readonly Field[]): Get {
  if (Array.isArray(entry)) return (k) => entry[k];
  const record = isRecord(entry) ? entry : {};
  return (k) => {
    for (const name of fields[k].entry) if (record[name] !== undefined) return record[name];
    return undefined;
  };
}

function parallelArray(row: Record<string, unknown>, value: unknown, field: Field): unknown[] | undefined {
  if (isRecord(value)) {
    for (const name of field.entry) {
      const list = decodeText(value[name]);
      if (Array.isArray(list)) return list;
    }
    return undefined;
  }
  const flat = decodeText(column(row, field.flat));
  return Array.isArray(flat) ? flat : undefined;
}
