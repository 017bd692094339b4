import "server-only";
import { TraceInputError } from "@/lib/trace/errors";

/**
 * Measures an OTLP ExportTraceServiceRequest on the protobuf wire format without decoding it: its
 * spans, and its fields at every depth (span fields, attributes, events, links, their key/values,
 * nested array and kvlist values). An empty span or attribute costs 2 bytes on the wire but a
 * hundred or more bytes of heap once decoded, so both counts are checked before `decode` (security
 * review F-2 for spans, H-2 for a 20 MB body of 10 M empty attributes). Stops as soon as a count
 * passes its limit; linear in the bytes, skipping strings and bytes by their length prefix.
 */
export type ProtobufMeasure = { spans: number; fields: number };

/** For each message type, which length-delimited fields are messages, and of which type. */
const MESSAGES: Record<string, Record<number, string>> = {
  request: { 1: "resourceSpans" },
  resourceSpans: { 1: "resource", 2: "scopeSpans" },
  resource: { 1: "keyValue" },
  scopeSpans: { 1: "scope", 2: "span" },
  scope: { 3: "keyValue" },
  span: { 9: "keyValue", 11: "event", 13: "link", 15: "status" },
  event: { 3: "keyValue" },
  link: { 4: "keyValue" },
  status: {},
  keyValue: { 2: "anyValue" },
  anyValue: { 5: "arrayValue", 6: "keyValueList" },
  arrayValue: { 1: "anyValue" },
  keyValueList: { 1: "keyValue" },
};
/** Deeper nesting than this (array values inside array values …) is refused, not recursed into. */
const MAX_DEPTH = 24;

export function measureProtobuf(bytes: Uint8Array, limits: { maxSpans: number; maxFields: number }): ProtobufMeasure {
  const m: ProtobufMeasure = { spans: 0, fields: 0 };
  const walk = (type: string, from: number, to: number, depth: number): void => {
    if (depth > MAX_DEPTH)
      throw new TraceInputError("too_large", `OTLP values nested deeper than ${MAX_DEPTH} levels.`);
    const children = MESSAGES[type];
    forEachField(bytes, from, to, (field, start, end) => {
      if (++m.fields > limits.maxFields)
        throw tooMany(
          "fields (attributes, events, links and their values)",
          limits.maxFields,
          "CULPRIT_MAX_OTLP_FIELDS",
        );
      const child = end >= 0 ? children[field] : undefined;
      if (!child) return;
      if (child === "span" && ++m.spans > limits.maxSpans) throw tooMany("spans", limits.maxSpans, "CULPRIT_MAX_SPANS");
      walk(child, start, end, depth + 1);
    });
  };
  walk("request", 0, bytes.length, 0);
  return m;
}

/** Spans only (no field limit): the count the span cap reads. */
export function countProtobufSpans(bytes: Uint8Array): number {
  return measureProtobuf(bytes, { maxSpans: Number.POSITIVE_INFINITY, maxFields: Number.POSITIVE_INFINITY }).spans;
}

/** Calls `onField(field, start, end)` for every field in bytes[from, to); end is -1 unless length-delimited. */
function forEachField(
  bytes: Uint8Array,
  from: number,
  to: number,
  onField: (field: number, start: number, end: number) => void,
): void {
  let pos = from;
  const varint = (): number => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (pos >= to) throw malformed();
      const b = bytes[pos++];
      result += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return result;
      shift += 7;
      if (shift > 63) throw malformed();
    }
  };
  while (pos < to) {
    const key = varint();
    const field = Math.floor(key / 8);
    const wireType = key & 7;
    const start = pos;
    if (wireType === 0) varint();
    else if (wireType === 1) pos += 8;
    else if (wireType === 5) pos += 4;
    else if (wireType === 2) {
      const len = varint();
      const body = pos;
      pos += len;
      if (pos > to) throw malformed();
      onField(field, body, pos);
      continue;
    } else throw malformed();
    if (pos > to) throw malformed();
    onField(field, start, -1);
  }
}

function tooMany(what: string, max: number, env: string): TraceInputError {
  return new TraceInputError(
    "too_large",
    `Too many ${what} in one OTLP request: more than ${max} (set ${env} to change it).`,
  );
}

function malformed(): TraceInputError {
  return new TraceInputError("malformed_json", "Malformed OTLP protobuf body: truncated or invalid wire format");
}
