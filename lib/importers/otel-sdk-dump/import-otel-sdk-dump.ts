import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import type { DecodedSpan } from "../otlp/decoded-span";
import { mapSpans } from "../otlp/map-spans";
import { splitByTrace } from "../otlp/split-traces";
import { decodeSdkSpan } from "./decode-sdk-span";
import { isSdkSpan } from "./sdk-span-shape";
import { isRecord } from "../trace-builder";
import { normalizeMonocleSpan } from "./monocle-attributes";

/** Most spans one dump may hold before mapping starts (the OTLP path's bound is the upload size). */
const MAX_SPANS = 200_000;

/**
 * Decodes OpenTelemetry SDK span dumps that are not OTLP (Python `to_json()` / `ConsoleSpanExporter`
 * output, JS `ReadableSpan`s, Monocle's saved arrays): one span, an array of spans, or (after
 * parsing) documents written one after another.
 */
export function decodeSdkSpans(value: unknown): DecodedSpan[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_SPANS)
    throw new TraceInputError("too_large", `The span dump holds ${list.length} spans; at most ${MAX_SPANS} are read`);
  const spans: DecodedSpan[] = [];
  for (let i = 0; i < list.length; i++) {
    const record = list[i];
    if (!isSdkSpan(record) || !isRecord(record)) {
      const path = Array.isArray(value) ? `[${i}]` : "(root)";
      throw new TraceInputError(
        "schema",
        `${path} is not an OpenTelemetry SDK span: expected {name, context: {trace_id, span_id}} (Python), ` +
          "{name, spanContext: {traceId, spanId}} (JS) or {traceId, spanId, name, startTimeUnixNano, attributes: {…}}",
        {
          issues: [{ path, message: "expected an SDK span object" }],
        },
      );
    }
    const span = decodeSdkSpan(record, "", i);
    normalizeMonocleSpan(span);
    spans.push(span);
  }
  if (spans.length === 0) throw new TraceInputError("bad_input", "The span dump is an empty array");
  return spans;
}

/** One trace input per trace in the dump. */
export function importOtelSdkDump(value: unknown): TTraceInput[] {
  return splitByTrace(decodeSdkSpans(value)).map(mapSdkTrace);
}

function mapSdkTrace(spans: DecodedSpan[]): TTraceInput {
  // Monocle's root span is literally named "workflow"; the application's name is `workflow.name`.
  const workflowName = spans.find(
    (s) => s.parentSpanId === undefined && typeof s.attributes["workflow.name"] === "string",
  )?.attributes["workflow.name"] as string | undefined;
  const input = mapSpans(spans);
  input.run.sourceFormat = "otel-sdk";
  if (workflowName && input.run.title === "workflow") input.run.title = workflowName.slice(0, 1000);
  return input;
}
