import { isRecord } from "../trace-builder";
import type { DecodedEvent, DecodedSpan, NanoTime } from "../otlp/decoded-span";
import { normalizeOtlpId } from "../otlp/otlp-ids";
import { isoToNano } from "../iso-time";
import { isHrTime, isPythonSdkSpan } from "./sdk-span-shape";
import { decodeFlatSpan, isFlatOtlpSpan, unwrapSpanRecord } from "./flat-otlp-span";

/** Python `SpanKind.X` names and JS numeric kinds → OTLP SpanKind numbers (JS numbers are OTLP's minus one). */
const PY_KINDS: Record<string, number> = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 };
const PY_STATUS: Record<string, number> = { UNSET: 0, OK: 1, ERROR: 2 };

/**
 * Converts one SDK span dump (Python `to_json()`, a JS `ReadableSpan`, or an OTLP span with a flat
 * attribute object, see `flat-otlp-span.ts`) to the decoded OTLP span
 * shape, so the OTLP mapping (agents, tree repair, payload) applies unchanged.
 */
export function decodeSdkSpan(record: Record<string, unknown>, path: string, index: number): DecodedSpan {
  const flat = unwrapSpanRecord(record);
  if (isFlatOtlpSpan(flat)) return decodeFlatSpan(flat, path, index);
  return isPythonSdkSpan(record) ? decodePython(record, path, index) : decodeJs(record, path, index);
}

function decodePython(s: Record<string, unknown>, path: string, index: number): DecodedSpan {
  const context = s.context as Record<string, unknown>;
  const status = isRecord(s.status) ? s.status : {};
  const code = PY_STATUS[String(status.status_code ?? "").toUpperCase()] ?? 0;
  const description = typeof status.description === "string" && status.description ? status.description : undefined;
  const resource = isRecord(s.resource) && isRecord(s.resource.attributes) ? s.resource.attributes : {};
  const scope = isRecord(s.instrumentation_scope)
    ? s.instrumentation_scope
    : isRecord(s.instrumentation_info)
      ? s.instrumentation_info
      : undefined;
  return {
    traceId: id(context.trace_id, 16),
    spanId: id(context.span_id, 8),
    parentSpanId: id(s.parent_id, 8),
    name: s.name as string,
    kind:
      PY_KINDS[
        String(s.kind ?? "")
          .replace(/^SpanKind\./, "")
          .toUpperCase()
      ] ?? 0,
    start: isoToNano(s.start_time),
    end: isoToNano(s.end_time),
    attributes: isRecord(s.attributes) ? { ...s.attributes } : {},
    events: Array.isArray(s.events) ? s.events.filter(isRecord).map((e) => event(e, isoToNano(e.timestamp))) : [],
    links: Array.isArray(s.links) ? s.links.filter(isRecord).map(pythonLink) : [],
    statusCode: code,
    statusMessage: description,
    resource: { ...resource },
    scope: scope ? { name: str(scope.name), version: str(scope.version) } : undefined,
    path,
    pathIndex: index,
  };
}

function pythonLink(l: Record<string, unknown>): DecodedSpan["links"][number] {
  const c = isRecord(l.context) ? l.context : {};
  return {
    traceId: id(c.trace_id, 16),
    spanId: id(c.span_id, 8),
    attributes: isRecord(l.attributes) ? l.attributes : undefined,
  };
}

function decodeJs(s: Record<string, unknown>, path: string, index: number): DecodedSpan {
  const ctx = isRecord(s._spanContext) ? s._spanContext : isRecord(s.spanContext) ? s.spanContext : s;
  const parentCtx = isRecord(s.parentSpanContext)
    ? s.parentSpanContext
    : isRecord(s._parentSpanContext)
      ? s._parentSpanContext
      : undefined;
  const status = isRecord(s.status) ? s.status : {};
  const start = isHrTime(s.startTime) ? hrTime(s.startTime) : micros(s.timestamp);
  let end = isHrTime(s.endTime) ? hrTime(s.endTime) : undefined;
  if (!end && start && typeof s.duration === "number") end = micros(start.ms * 1e3 + start.subNs / 1e3 + s.duration);
  const scope = isRecord(s.instrumentationScope)
    ? s.instrumentationScope
    : isRecord(s.instrumentationLibrary)
      ? s.instrumentationLibrary
      : undefined;
  const code = typeof status.code === "number" ? status.code : 0;
  return {
    traceId: id(ctx.traceId, 16),
    spanId: id(ctx.spanId ?? s.id, 8),
    parentSpanId: id(s.parentSpanId ?? parentCtx?.spanId ?? s.parentId, 8),
    name: s.name as string,
    // JS SpanKind counts from INTERNAL = 0; OTLP from UNSPECIFIED = 0, INTERNAL = 1.
    kind: typeof s.kind === "number" && s.kind >= 0 && s.kind <= 4 ? s.kind + 1 : 0,
    start,
    end,
    attributes: isRecord(s.attributes) ? { ...s.attributes } : {},
    events: Array.isArray(s.events)
      ? s.events.filter(isRecord).map((e) => event(e, isHrTime(e.time) ? hrTime(e.time) : undefined))
      : [],
    links: Array.isArray(s.links) ? s.links.filter(isRecord).map(jsLink) : [],
    statusCode: code === 1 || code === 2 ? code : 0,
    statusMessage: typeof status.message === "string" && status.message ? status.message : undefined,
    resource: jsResource(s.resource),
    scope: scope ? { name: str(scope.name), version: str(scope.version) } : undefined,
    path,
    pathIndex: index,
  };
}

function jsLink(l: Record<string, unknown>): DecodedSpan["links"][number] {
  const c = isRecord(l.context) ? l.context : l;
  return {
    traceId: id(c.traceId, 16),
    spanId: id(c.spanId, 8),
    attributes: isRecord(l.attributes) ? l.attributes : undefined,
  };
}

/** `resource.attributes`, the SDK's private `_attributes`, or `_rawAttributes` as `[key, value]` pairs. */
function jsResource(resource: unknown): Record<string, unknown> {
  if (!isRecord(resource)) return {};
  const attrs = isRecord(resource.attributes)
    ? resource.attributes
    : isRecord(resource._attributes)
      ? resource._attributes
      : undefined;
  if (attrs) return { ...attrs };
  const out: Record<string, unknown> = {};
  if (Array.isArray(resource._rawAttributes)) {
    for (const pair of resource._rawAttributes)
      if (Array.isArray(pair) && typeof pair[0] === "string") out[pair[0]] = pair[1];
  }
  return out;
}

function event(e: Record<string, unknown>, time: NanoTime | undefined): DecodedEvent {
  return {
    name: typeof e.name === "string" ? e.name : "",
    time,
    attributes: isRecord(e.attributes) ? e.attributes : {},
  };
}

/** Python writes ids as `0x`-prefixed hex; JS as plain hex. */
function id(value: unknown, bytes: 8 | 16): string | undefined {
  if (typeof value !== "string") return undefined;
  return normalizeOtlpId(value.startsWith("0x") ? value.slice(2).padStart(bytes * 2, "0") : value, bytes);
}

function hrTime(value: unknown): NanoTime | undefined {
  const pair = value as Record<string, number>;
  const seconds = pair[0];
  const nanos = pair[1];
  if (!Number.isFinite(seconds) || !Number.isFinite(nanos) || seconds <= 0 || seconds > 8.64e12) return undefined;
  const ms = seconds * 1000 + Math.floor(nanos / 1e6);
  return { ms, subNs: Math.round(nanos % 1e6) };
}

function micros(value: unknown): NanoTime | undefined {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 8.64e18) return undefined;
  const ms = Math.floor(value / 1000);
  return { ms, subNs: Math.round((value - ms * 1000) * 1000) };
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v ? v : undefined;
}
