/** A span after decoding OTLP/JSON or protobuf: ids in lowercase hex, attributes as a record. */
export interface DecodedSpan {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind number (0 unspecified, 1 internal, 2 server, 3 client, 4 producer, 5 consumer). */
  kind: number;
  start?: NanoTime;
  end?: NanoTime;
  attributes: Record<string, unknown>;
  events: DecodedEvent[];
  links: { traceId?: string; spanId?: string; attributes?: Record<string, unknown> }[];
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage?: string;
  resource: Record<string, unknown>;
  scope?: { name?: string; version?: string };
  /**
   * Where the span sits in the input, for error messages: `resourceSpans[0].scopeSpans[1].spans[3]`,
   * or, when `pathIndex` is set, the list holding it (`...spans`) with its index kept apart, since
   * one concatenated string per span would live, and be promoted, until mapping ends. See `spanPath`.
   */
  path: string;
  pathIndex?: number;
}

export interface DecodedEvent {
  name: string;
  time?: NanoTime;
  attributes: Record<string, unknown>;
}

/** Unix time split into milliseconds and the nanoseconds below them: exact, and cheap to compare. */
export interface NanoTime {
  ms: number;
  subNs: number;
}

/** The span's place in the input, e.g. `resourceSpans[0].scopeSpans[1].spans[3]`. */
export function spanPath(span: DecodedSpan): string {
  return span.pathIndex === undefined ? span.path : `${span.path}[${span.pathIndex}]`;
}

export function compareNano(a: NanoTime | undefined, b: NanoTime | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return a.ms - b.ms || a.subNs - b.subNs;
}

/** ISO-8601 with nanosecond digits, e.g. `2025-07-02T16:31:19.643884800Z`. */
export function nanoToIso(t: NanoTime): string {
  // Spans of one trace share their seconds: format the date part once per second (hot path).
  const second = Math.floor(t.ms / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedPrefix = new Date(second * 1000).toISOString().slice(0, 20); // YYYY-MM-DDTHH:MM:SS.
  }
  const ms = t.ms - second * 1000;
  const ns = t.subNs;
  if (Number.isInteger(ms) && Number.isInteger(ns) && ns >= 0 && ns < 1_000_000) {
    // join builds one flat 30-byte string; a template would keep a chain of four ropes per
    // timestamp alive in the step (two timestamps per span add up).
    return [cachedPrefix, DIGITS3[ms], DIGITS3[Math.floor(ns / 1000)], DIGITS3[ns % 1000], "Z"].join("");
  }
  return `${cachedPrefix}${String(ms).padStart(3, "0")}${String(ns).padStart(6, "0")}Z`;
}
let cachedSecond = Number.NaN;
let cachedPrefix = "";
/** "000".."999": two timestamps per span, so no padStart in the hot path. */
const DIGITS3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
