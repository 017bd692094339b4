import "server-only";
import { TraceInputError } from "@/lib/trace/errors";

/**
 * Counts the spans of an OTLP ExportTraceServiceRequest by walking the protobuf wire format
 * (ExportTraceServiceRequest.resource_spans=1 → ResourceSpans.scope_spans=2 → ScopeSpans.spans=2)
 * without decoding a single span. An empty span costs 2 bytes on the wire but ~200 bytes of heap
 * once decoded, so the count has to be checked before `decode`. Linear in the number of fields at
 * these three levels; skips span bodies by their length prefix.
 */
export function countProtobufSpans(bytes: Uint8Array): number {
  let spans = 0;
  forEachField(bytes, 0, bytes.length, (field, start, end) => {
    if (field !== 1) return; // resource_spans
    forEachField(bytes, start, end, (f2, s2, e2) => {
      if (f2 !== 2) return; // scope_spans
      forEachField(bytes, s2, e2, (f3) => {
        if (f3 === 2) spans++; // spans
      });
    });
  });
  return spans;
}

/** Calls `onLen(field, start, end)` for every length-delimited field in bytes[from, to). */
function forEachField(bytes: Uint8Array, from: number, to: number, onLen: (field: number, start: number, end: number) => void): void {
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
    if (wireType === 0) varint();
    else if (wireType === 1) pos += 8;
    else if (wireType === 5) pos += 4;
    else if (wireType === 2) {
      const len = varint();
      const start = pos;
      pos += len;
      if (pos > to) throw malformed();
      onLen(field, start, pos);
    } else throw malformed();
    if (pos > to) throw malformed();
  }
}

function malformed(): TraceInputError {
  return new TraceInputError("malformed_json", "Malformed OTLP protobuf body: truncated or invalid wire format");
}
