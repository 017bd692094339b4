/**
 * A minimal OTLP/JSON writer: spans as an OpenTelemetry SDK's JSON exporter serializes them
 * (`resourceSpans → scopeSpans → spans`, hex ids, nanosecond timestamps as strings, `KeyValue`
 * attribute lists, status codes 1 = OK / 2 = ERROR). Deterministic: ids come from the seeded
 * PRNG and times from a logical clock, so the same seed gives byte-identical files.
 */
import type { Rng } from "./prng";

export type AttrValue = string | number | boolean;
export type Attrs = Record<string, AttrValue | undefined>;

export interface SpanRef {
  readonly spanId: string;
}

interface OpenSpan {
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startMs: number;
  endMs?: number;
  attributes: Attrs;
  events: { name: string; timeMs: number; attributes: Attrs }[];
  status?: { code: 1 | 2; message?: string };
}

export const SPAN_KIND_INTERNAL = 1;
export const SPAN_KIND_CLIENT = 3;

export class OtlpTraceWriter {
  readonly traceId: string;
  private readonly spans: OpenSpan[] = [];
  private readonly byId = new Map<string, OpenSpan>();
  private clockMs: number;

  constructor(
    private readonly rng: Rng,
    private readonly resource: Attrs,
    private readonly scope: { name: string; version: string },
    startMs: number,
  ) {
    this.traceId = rng.hex(16);
    this.clockMs = startMs;
  }

  /** Advances the logical clock by a plausible, seeded amount of milliseconds. */
  private tick(lo = 5, hi = 900): number {
    this.clockMs += this.rng.int(lo, hi);
    return this.clockMs;
  }

  start(name: string, attributes: Attrs, parent?: SpanRef, kind = SPAN_KIND_INTERNAL): SpanRef {
    const span: OpenSpan = {
      spanId: this.rng.hex(8),
      parentSpanId: parent?.spanId,
      name,
      kind,
      startMs: this.tick(),
      attributes,
      events: [],
    };
    this.spans.push(span);
    this.byId.set(span.spanId, span);
    return { spanId: span.spanId };
  }

  set(ref: SpanRef, key: string, value: AttrValue): void {
    this.get(ref).attributes[key] = value;
  }

  event(ref: SpanRef, name: string, attributes: Attrs): void {
    this.get(ref).events.push({ name, timeMs: this.tick(1, 20), attributes });
  }

  end(ref: SpanRef, status?: { code: 1 | 2; message?: string }): void {
    const span = this.get(ref);
    span.endMs = this.tick(20, 4000);
    if (status) span.status = status;
  }

  private get(ref: SpanRef): OpenSpan {
    const span = this.byId.get(ref.spanId);
    if (!span) throw new Error(`unknown span ${ref.spanId}`);
    return span;
  }

  /** The run as one ExportTraceServiceRequest. Spans are listed in end order, as SDK exporters emit them. */
  toJson(): Record<string, unknown> {
    const ended = this.spans.filter((s) => s.endMs !== undefined).sort((a, b) => a.endMs! - b.endMs!);
    if (ended.length !== this.spans.length) throw new Error("every span must end before the trace is written");
    return {
      resourceSpans: [
        {
          resource: { attributes: keyValues(this.resource), droppedAttributesCount: 0 },
          scopeSpans: [
            {
              scope: this.scope,
              spans: ended.map((s) => ({
                traceId: this.traceId,
                spanId: s.spanId,
                ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
                name: s.name,
                kind: s.kind,
                startTimeUnixNano: nanos(s.startMs),
                endTimeUnixNano: nanos(s.endMs!),
                attributes: keyValues(s.attributes),
                droppedAttributesCount: 0,
                events: s.events.map((e) => ({
                  timeUnixNano: nanos(e.timeMs),
                  name: e.name,
                  attributes: keyValues(e.attributes),
                  droppedAttributesCount: 0,
                })),
                droppedEventsCount: 0,
                status: s.status ?? { code: 0 },
                links: [],
                droppedLinksCount: 0,
                flags: 257, // sampled, parent-is-remote known: what the JS SDK writes for local spans
              })),
            },
          ],
        },
      ],
    };
  }
}

/** Milliseconds → OTLP nanosecond string (exact: no float above 2^53). */
function nanos(ms: number): string {
  return `${Math.round(ms)}000000`;
}

function keyValues(attrs: Attrs): { key: string; value: Record<string, unknown> }[] {
  const out: { key: string; value: Record<string, unknown> }[] = [];
  for (const [key, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    if (typeof v === "string") out.push({ key, value: { stringValue: v } });
    else if (typeof v === "boolean") out.push({ key, value: { boolValue: v } });
    else if (Number.isInteger(v)) out.push({ key, value: { intValue: v } });
    else out.push({ key, value: { doubleValue: v } });
  }
  return out;
}
