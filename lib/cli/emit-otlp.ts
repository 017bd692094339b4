/**
 * `--emit-otlp URL`: the verdict as OpenTelemetry, through the official JS SDK and its OTLP/HTTP
 * (JSON) exporter. One span `evaluate culprit` carrying a `gen_ai.evaluation.result` event (the
 * GenAI semantic conventions' evaluation attributes). When the source trace has OTel ids the span
 * joins that trace as a child of the decisive span and links to it, so Phoenix, Jaeger or any
 * OTLP backend shows the verdict beside the original trace.
 */
import { context, trace, TraceFlags, type Link, type SpanContext } from "@opentelemetry/api";
import { SimpleSpanProcessor, TracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { summarizeVerdict, type ReportLike } from "../verdict/verdict-summary";

export interface EmitTarget {
  /** The source trace id (32 hex digits for an OTel trace; anything else is only recorded). */
  traceId?: string;
  runUrl?: string;
}

export function evaluationAttributes(report: ReportLike, target: EmitTarget) {
  const v = summarizeVerdict(report);
  const attributes: Record<string, string | number> = {
    "gen_ai.evaluation.name": "culprit",
    "gen_ai.evaluation.score.label": v.agent ?? (report.outcome === "success" ? "none" : "undetermined"),
    "gen_ai.evaluation.explanation": `${v.headline}. ${v.verdict}`.slice(0, 2000),
    "culprit.outcome": v.outcome,
    "culprit.engine.version": report.engineVersion,
  };
  if (v.confidence !== null) attributes["gen_ai.evaluation.score.value"] = v.confidence;
  if (v.agent) attributes["culprit.agent"] = v.agent;
  if (v.stepNumber !== null) attributes["culprit.step"] = v.stepNumber;
  if (target.runUrl) attributes["culprit.run.url"] = target.runUrl;
  if (target.traceId) attributes["culprit.source.trace_id"] = target.traceId;
  return attributes;
}

/** The decisive span in the source trace, when both ids are OTel ids. */
function sourceSpanContext(report: ReportLike, traceId: string | undefined): SpanContext | undefined {
  const spanId = summarizeVerdict(report).sourceRef ?? undefined;
  if (!traceId || !/^[0-9a-f]{32}$/.test(traceId) || !spanId || !/^[0-9a-f]{16}$/.test(spanId)) return undefined;
  return { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true };
}

export async function emitVerdictOtlp(
  url: string,
  report: ReportLike,
  target: EmitTarget,
  timeoutMs = 10_000,
): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new Error(`--emit-otlp must be an http(s) URL, not ${parsed.protocol}`);
  const otlp = new OTLPTraceExporter({ url: parsed.href, timeoutMillis: timeoutMs });
  // The SDK reports a failed export to its global error handler only; the CLI must see it.
  const failures: string[] = [];
  const exporter: SpanExporter = {
    export: (spans, done) =>
      otlp.export(spans, (result) => {
        if (result.code !== 0) failures.push(result.error?.message || "the collector refused the spans");
        done(result);
      }),
    shutdown: () => otlp.shutdown(),
    forceFlush: () => otlp.forceFlush(),
  };
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": "culprit" }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  const source = sourceSpanContext(report, target.traceId);
  const links: Link[] = source ? [{ context: source, attributes: { "culprit.link": "decisive step" } }] : [];
  const parent = source ? trace.setSpanContext(context.active(), source) : context.active();
  const attributes = evaluationAttributes(report, target);
  const span = provider
    .getTracer("culprit")
    .startSpan("evaluate culprit", { attributes: { "gen_ai.operation.name": "evaluate" }, links }, parent);
  span.addEvent("gen_ai.evaluation.result", attributes);
  span.end();
  try {
    await provider.forceFlush();
  } catch (e) {
    failures.push(
      e instanceof Error && e.message ? e.message : String((e as { code?: unknown })?.code ?? "export failed"),
    );
  } finally {
    await provider.shutdown();
  }
  if (failures.length) throw new Error(`OTLP export to ${parsed.origin} failed: ${failures[0]}`);
}
