/**
 * OpenTelemetry plumbing of the reference system: the real SDK (`TracerProvider`,
 * `SimpleSpanProcessor`, the OTLP/HTTP JSON exporter), seeded span ids and a logical clock so a
 * run is reproducible, and the finished trace serialized as an OTLP/JSON export request.
 */
import { createHash } from "node:crypto";
import { context, trace, SpanStatusCode, type Attributes, type Span, type Tracer } from "@opentelemetry/api";
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
  type IdGenerator,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer";

/** Span ids from a seeded PRNG: the same seed gives the same ids (xorshift128+ over a sha256 seed). */
export class SeededIdGenerator implements IdGenerator {
  private s0: bigint;
  private s1: bigint;
  constructor(seed: string) {
    const h = createHash("sha256").update(seed).digest();
    this.s0 = h.readBigUInt64BE(0) | 1n;
    this.s1 = h.readBigUInt64BE(8) | 1n;
  }
  private next(): string {
    const mask = (1n << 64n) - 1n;
    let x = this.s0;
    const y = this.s1;
    this.s0 = y;
    x ^= (x << 23n) & mask;
    this.s1 = x ^ y ^ (x >> 17n) ^ (y >> 26n);
    return ((this.s1 + y) & mask).toString(16).padStart(16, "0");
  }
  generateTraceId(): string {
    return this.next() + this.next();
  }
  generateSpanId(): string {
    return this.next();
  }
}

/** GenAI message list attribute value: `[{role, parts:[{type:"text", content}]}]`. */
export function messages(role: string, text: string): string {
  return JSON.stringify([{ role, parts: [{ type: "text", content: text }] }]);
}

export interface TelemetryOptions {
  seed: string;
  /** Wall-clock start of the run (ms); spans advance on a logical clock from it. */
  startMs: number;
  serviceName: string;
  /** OTLP/HTTP JSON endpoint (e.g. Culprit's /v1/traces) to stream spans to, if any. */
  exportUrl?: string;
}

export class RunTelemetry {
  /** span id → the action that produced it (`worker_2#0`), for mapping replay interventions. */
  readonly spanActions = new Map<string, string>();
  private readonly memory = new InMemorySpanExporter();
  private readonly provider: TracerProvider;
  private readonly tracer: Tracer;
  private tick = 0;

  constructor(private readonly options: TelemetryOptions) {
    const spanProcessors: SpanProcessor[] = [new SimpleSpanProcessor({ exporter: this.memory })];
    // Batched, as production apps export: one span per request would hit the exporter's
    // concurrent-export limit on a busy receiver. finish() flushes the batch.
    if (options.exportUrl)
      spanProcessors.push(
        new BatchSpanProcessor({
          exporter: new OTLPTraceExporter({ url: options.exportUrl }),
          scheduledDelayMillis: 200,
        }),
      );
    this.provider = new TracerProvider({
      resource: resourceFromAttributes({ "service.name": options.serviceName }),
      spanProcessors,
      idGenerator: new SeededIdGenerator(options.seed),
    });
    this.tracer = this.provider.getTracer("demo-mas", "1.0.0");
  }

  private now(): number {
    return this.options.startMs + 3 * this.tick++;
  }

  /** Starts a span under `parent` (explicit context: no global context manager is registered). */
  start(name: string, attributes: Attributes, parent: Span | undefined, action: string): Span {
    const ctx = parent ? trace.setSpan(context.active(), parent) : context.active();
    const span = this.tracer.startSpan(name, { attributes, startTime: this.now() }, ctx);
    this.spanActions.set(span.spanContext().spanId, action);
    return span;
  }

  end(span: Span, error?: string): void {
    if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    span.end(this.now());
  }

  /** Flushes every span (to the live endpoint too) and returns the run as an OTLP/JSON request. */
  async finish(): Promise<Record<string, unknown>> {
    await this.provider.forceFlush();
    const spans = this.memory.getFinishedSpans();
    const body = JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans)!)) as Record<
      string,
      unknown
    >;
    await this.provider.shutdown();
    return body;
  }
}
