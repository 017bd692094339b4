import { TraceInputError } from "../../trace/errors";
import { isRecord } from "../trace-builder";
import type { DecodedEvent, DecodedSpan, NanoTime } from "./decoded-span";
import { keyValuesToRecord } from "./otlp-values";
import { normalizeOtlpId } from "./otlp-ids";

const SPAN_KINDS: Record<string, number> = {
  SPAN_KIND_UNSPECIFIED: 0,
  SPAN_KIND_INTERNAL: 1,
  SPAN_KIND_SERVER: 2,
  SPAN_KIND_CLIENT: 3,
  SPAN_KIND_PRODUCER: 4,
  SPAN_KIND_CONSUMER: 5,
};
const STATUS_CODES: Record<string, number> = { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 };

/**
 * Flattens OTLP ExportTraceServiceRequests (as parsed JSON, or protobuf decoded to the same
 * shape) into decoded spans. Accepts `scopeSpans` and the older `instrumentationLibrarySpans`,
 * int or enum-string kinds and status codes, hex or base64 ids, int64 as string or number.
 */
export function collectSpans(requests: readonly unknown[]): DecodedSpan[] {
  const spans: DecodedSpan[] = [];
  requests.forEach((request, r) => {
    const prefix = requests.length > 1 ? `[${r}].` : "";
    if (!isRecord(request) || !Array.isArray(request.resourceSpans)) {
      throw new TraceInputError(
        "schema",
        `Not an OTLP ExportTraceServiceRequest at ${prefix || "(root)"}: missing resourceSpans[]`,
        {
          issues: [{ path: `${prefix}resourceSpans`, message: "expected an array" }],
        },
      );
    }
    request.resourceSpans.forEach((rs, i) => {
      if (!isRecord(rs)) return;
      const resource = keyValuesToRecord(isRecord(rs.resource) ? rs.resource.attributes : undefined);
      const scopes = Array.isArray(rs.scopeSpans)
        ? rs.scopeSpans
        : Array.isArray(rs.instrumentationLibrarySpans)
          ? rs.instrumentationLibrarySpans
          : [];
      const scopeKey = Array.isArray(rs.scopeSpans) ? "scopeSpans" : "instrumentationLibrarySpans";
      scopes.forEach((ss, j) => {
        if (!isRecord(ss) || !Array.isArray(ss.spans)) return;
        const scopeRaw = isRecord(ss.scope)
          ? ss.scope
          : isRecord(ss.instrumentationLibrary)
            ? ss.instrumentationLibrary
            : undefined;
        const scope = scopeRaw ? { name: str(scopeRaw.name), version: str(scopeRaw.version) } : undefined;
        const scopePath = `${prefix}resourceSpans[${i}].${scopeKey}[${j}].spans`;
        const list: unknown[] = ss.spans;
        for (let k = 0; k < list.length; k++) {
          const span = list[k];
          if (!isRecord(span)) {
            const path = `${scopePath}[${k}]`;
            throw new TraceInputError("schema", `${path} is not a span object`, {
              issues: [{ path, message: "expected an object" }],
            });
          }
          spans.push(decodeSpan(span, resource, scope, scopePath, k));
        }
      });
    });
  });
  return spans;
}

function decodeSpan(
  span: Record<string, unknown>,
  resource: Record<string, unknown>,
  scope: DecodedSpan["scope"],
  path: string,
  pathIndex: number,
): DecodedSpan {
  const status = isRecord(span.status) ? span.status : undefined;
  let traceId = normalizeOtlpId(span.traceId, 16);
  // Spans of a file nearly always share one trace id: reuse one string, so later comparisons
  // are pointer checks and the steps hold one copy.
  if (traceId !== undefined && traceId === lastTraceId) traceId = lastTraceId;
  else lastTraceId = traceId;
  return {
    traceId,
    spanId: normalizeOtlpId(span.spanId, 8),
    parentSpanId: normalizeOtlpId(span.parentSpanId, 8),
    name: typeof span.name === "string" ? span.name : "",
    kind: enumNumber(span.kind, SPAN_KINDS),
    start: nano(span.startTimeUnixNano),
    end: nano(span.endTimeUnixNano),
    attributes: keyValuesToRecord(span.attributes),
    // Most spans have neither: share one empty list instead of two fresh arrays per span.
    events: Array.isArray(span.events) && span.events.length ? span.events.filter(isRecord).map(decodeEvent) : NONE,
    links:
      Array.isArray(span.links) && span.links.length
        ? span.links.filter(isRecord).map((l) => ({
            traceId: normalizeOtlpId(l.traceId, 16),
            spanId: normalizeOtlpId(l.spanId, 8),
            attributes: l.attributes ? keyValuesToRecord(l.attributes) : undefined,
          }))
        : NONE,
    statusCode: status ? enumNumber(status.code, STATUS_CODES) : 0,
    statusMessage: status && typeof status.message === "string" && status.message ? status.message : undefined,
    resource,
    scope,
    path,
    pathIndex,
  };
}

let lastTraceId: string | undefined;

/** Shared empty events/links list; frozen, since mappers only read spans. */
const NONE = Object.freeze([]) as unknown as never[];

function decodeEvent(event: Record<string, unknown>): DecodedEvent {
  return {
    name: typeof event.name === "string" ? event.name : "",
    time: nano(event.timeUnixNano),
    attributes: keyValuesToRecord(event.attributes),
  };
}

function enumNumber(value: unknown, names: Record<string, number>): number {
  if (typeof value === "number") return value;
  if (typeof value === "string") return names[value] ?? (/^\d+$/.test(value) ? Number(value) : 0);
  return 0;
}

/** Parses a `*UnixNano` int64 (string or number) without losing nanoseconds to float rounding. */
export function nano(value: unknown): NanoTime | undefined {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value <= 0 || value > 8.64e21) return undefined;
    const ms = Math.floor(value / 1e6);
    return { ms, subNs: Math.max(0, Math.round(value - ms * 1e6)) };
  }
  if (typeof value !== "string" || value === "" || value === "0") return undefined;
  const digits = value.length;
  if (digits > 6 && digits <= 22) {
    // Hot path (two per span): plain digits, split without slicing strings.
    let ms = 0;
    let subNs = 0;
    let i = 0;
    for (; i < digits - 6; i++) {
      const d = value.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      ms = ms * 10 + d;
    }
    for (; i < digits; i++) {
      const d = value.charCodeAt(i) - 48;
      if (d < 0 || d > 9) break;
      subNs = subNs * 10 + d;
    }
    if (i === digits) return ms > 8.64e15 ? undefined : ms > 0 || subNs > 0 ? { ms, subNs } : undefined;
  }
  if (digits <= 6) return /^\d+$/.test(value) ? { ms: 0, subNs: Number(value) } : undefined;
  const ms = Number(value.slice(0, -6));
  const subNs = Number(value.slice(-6));
  // Beyond year 275760 a Date cannot represent it: treat as missing rather than crash.
  if (!Number.isSafeInteger(ms) || !Number.isInteger(subNs) || ms > 8.64e15) return undefined;
  return ms > 0 || subNs > 0 ? { ms, subNs } : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v ? v : undefined;
}
