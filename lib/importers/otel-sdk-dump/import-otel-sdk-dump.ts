import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import type { DecodedSpan } from "../otlp/decoded-span";
import { mapSpans } from "../otlp/map-spans";
import { splitByTrace } from "../otlp/split-traces";
import { decodeSdkSpan } from "./decode-sdk-span";
import { isSdkSpan } from "./sdk-span-shape";
import { isRecord } from "../trace-builder";
import { normalizeMonocleSpan } from "./monocle-attributes";
import { spanRecords } from "./span-records";
import { taskFromFirstAgent } from "./task-from-agent-span";
import { decodeClickHouseRow, isClickHouseSpanRow } from "./clickhouse-span-row";

/** Most spans one dump may hold before mapping starts (the OTLP path's bound is the upload size). */
const MAX_SPANS = 200_000;

/** The decoded spans of a dump, and what reading it left out (a warning on every run of the file). */
export interface DecodedDump {
  spans: DecodedSpan[];
  warnings: string[];
  /** How many of the spans were ClickHouse exporter rows. */
  rows: number;
}

/**
 * Decodes OpenTelemetry SDK span dumps that are not OTLP (Python `to_json()` / `ConsoleSpanExporter`
 * output, JS `ReadableSpan`s, Monocle's saved arrays, CloudWatch spans) and ClickHouse exporter
 * rows: one span, an array of spans, (after parsing) documents written one after another, or
 * ClickHouse rows under `spans`/`rows`/`data`, nested in `child_spans` or not (`span-records.ts`).
 */
export function decodeSdkSpans(value: unknown): DecodedDump {
  const { records, warnings } = spanRecords(value, MAX_SPANS);
  const spans: DecodedSpan[] = [];
  let rows = 0;
  for (let i = 0; i < records.length; i++) {
    const item = records[i];
    const record = item.record;
    let span: DecodedSpan;
    if (isClickHouseSpanRow(record)) {
      span = decodeClickHouseRow(record, item);
      rows++;
    } else if (isSdkSpan(record) && isRecord(record)) span = decodeSdkSpan(record, item.path, item.index);
    else {
      const path = item.path ? `${item.path}[${item.index}]` : Array.isArray(value) ? `[${item.index}]` : "(root)";
      throw new TraceInputError(
        "schema",
        `${path} is not an OpenTelemetry SDK span: expected {name, context: {trace_id, span_id}} (Python), ` +
          "{name, spanContext: {traceId, spanId}} (JS), {traceId, spanId, name, startTimeUnixNano, attributes: {…}} " +
          "or a ClickHouse exporter row {Timestamp, SpanId, SpanName, …} / {timestamp, span_id, span_name, …}",
        {
          issues: [{ path, message: "expected an SDK span object" }],
        },
      );
    }
    normalizeMonocleSpan(span);
    spans.push(span);
  }
  if (spans.length === 0) throw new TraceInputError("bad_input", "The span dump is an empty array");
  return { spans, warnings, rows };
}

/** One trace input per trace in the dump. */
export function importOtelSdkDump(value: unknown): TTraceInput[] {
  const { spans, warnings, rows } = decodeSdkSpans(value);
  return splitByTrace(spans).map((trace) => {
    const input = mapSdkTrace(trace);
    if (rows) taskFromFirstAgent(input);
    input.warnings = [...(input.warnings ?? []), ...warnings];
    return input;
  });
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
