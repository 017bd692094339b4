import "server-only";
import { importTraces, type ImportFormat, type ImportResult } from "@/lib/importers";
import { mapOtlpRequests } from "@/lib/importers/otlp/import-otlp";
import { decodeOtlpProtobuf } from "@/lib/importers/otlp/decode-otlp-protobuf";
import { analyzeTrace } from "@/lib/attribution";
import { compareRuns, type CompareSide, type RunComparison } from "@/lib/compare";
import type { TTrace } from "@/lib/trace/schema";
import { parseJsonText } from "@/lib/trace/parse-json";
import { TraceInputError } from "@/lib/trace/errors";
import { splitByTrace, type TraceBatch } from "../otlp/split-by-trace";
import { countProtobufSpans } from "../otlp/count-protobuf-spans";
import { countJsonSpans } from "../otlp/count-json-spans";
import { sanitizeTrace } from "../sanitize-trace";

/**
 * The CPU- and memory-heavy work that runs inside a sandbox worker thread (sandbox-worker.mjs):
 * everything here is synchronous, pure and bounded only by the thread's heap cap and deadline.
 */
export interface SandboxTasks {
  /** One result per trace in the file (a file with several trace ids holds several runs). */
  import: { input: { bytes: Uint8Array; format: ImportFormat | "auto"; fileName?: string; maxSteps: number; maxAgents: number }; output: ImportResult[] };
  "otlp-decode": { input: { bytes: Uint8Array; contentType: string; maxSpans: number }; output: { batches: TraceBatch[]; rejectedSpans: number } };
  "otlp-map": { input: { payloadTexts: string[]; maxSteps: number; maxAgents: number }; output: TTrace };
  analyze: { input: { trace: TTrace; config: Record<string, unknown> }; output: ReturnType<typeof analyzeTrace> };
  compare: { input: { a: CompareSide; b: CompareSide }; output: RunComparison };
}
export type SandboxTaskKind = keyof SandboxTasks;

export function runTask<K extends SandboxTaskKind>(kind: K, input: SandboxTasks[K]["input"]): SandboxTasks[K]["output"] {
  const tasks: { [T in SandboxTaskKind]: (input: SandboxTasks[T]["input"]) => SandboxTasks[T]["output"] } = {
    import: importTask,
    "otlp-decode": otlpDecodeTask,
    "otlp-map": ({ payloadTexts, maxSteps, maxAgents }) =>
      capTrace(sanitizeTrace(mapOtlpRequests(payloadTexts.map((t) => JSON.parse(t) as unknown))), maxSteps, maxAgents),
    analyze: ({ trace, config }) => analyzeTrace(trace, config),
    compare: ({ a, b }) => compareRuns(a, b),
  };
  const task = tasks[kind] as (input: SandboxTasks[K]["input"]) => SandboxTasks[K]["output"];
  if (!task) throw new Error(`unknown sandbox task ${String(kind)}`);
  return task(input);
}

function importTask({ bytes, format, fileName, maxSteps, maxAgents }: SandboxTasks["import"]["input"]): ImportResult[] {
  if (bytes.byteLength === 0) throw new TraceInputError("bad_input", "The upload is empty");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TraceInputError("bad_input", "The upload is not UTF-8 text (is it a binary or compressed file?)");
  }
  // Spans are counted on the text, before parsing builds an object for each of them.
  const spans = countJsonSpans(text, maxSteps);
  if (spans > maxSteps) throw tooMany("spans", `more than ${maxSteps}`, maxSteps, "CULPRIT_MAX_STEPS");
  return importTraces(text, { format, fileName }).map((result) => ({ ...result, trace: capTrace(sanitizeTrace(result.trace), maxSteps, maxAgents) }));
}

function otlpDecodeTask({ bytes, contentType, maxSpans }: SandboxTasks["otlp-decode"]["input"]): SandboxTasks["otlp-decode"]["output"] {
  let request: unknown;
  if (contentType === "application/x-protobuf") {
    // Count before materializing: protobufjs needs ~100x the wire size in heap for empty spans.
    const spans = countProtobufSpans(bytes);
    if (spans > maxSpans) throw tooMany("spans in one OTLP request", spans, maxSpans, "CULPRIT_MAX_SPANS");
    request = decodeOtlpProtobuf(bytes);
  } else {
    const text = new TextDecoder().decode(bytes);
    if (countJsonSpans(text, maxSpans) > maxSpans) throw tooMany("spans in one OTLP request", `more than ${maxSpans}`, maxSpans, "CULPRIT_MAX_SPANS");
    request = parseJsonText(text, "OTLP request");
  }
  return splitByTrace(request, maxSpans);
}

/** Refuses traces beyond the configured step and agent counts before they reach the database. */
function capTrace(trace: TTrace, maxSteps: number, maxAgents: number): TTrace {
  if (trace.steps.length > maxSteps) throw tooMany("steps", trace.steps.length, maxSteps, "CULPRIT_MAX_STEPS");
  if (trace.agents.length > maxAgents) throw tooMany("agents", trace.agents.length, maxAgents, "CULPRIT_MAX_AGENTS");
  return trace;
}

function tooMany(what: string, count: number | string, max: number, env: string): TraceInputError {
  return new TraceInputError("too_large", `Too many ${what}: ${count} (the limit is ${max}; set ${env} to change it).`);
}
