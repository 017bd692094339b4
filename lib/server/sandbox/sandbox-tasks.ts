import "server-only";
import { importTraces, type ImportResult } from "@/lib/importers";
import { mapOtlpRequests } from "@/lib/importers/otlp/import-otlp";
import { decodeOtlpProtobuf } from "@/lib/importers/otlp/decode-otlp-protobuf";
import { analyzeTrace } from "@/lib/attribution";
import { compareRuns, type CompareSide, type RunComparison } from "@/lib/compare";
import type { TTrace } from "@/lib/trace/schema";
import { parseJsonText } from "@/lib/trace/parse-json";
import { TraceInputError } from "@/lib/trace/errors";
import { splitByTrace } from "./otlp/split-by-trace";
import { measureProtobuf } from "./otlp/measure-protobuf";
import { countJsonSpans, measureJson } from "./otlp/count-json-spans";
import { countPrintedMessages } from "@/lib/importers/chat/printed/printed-chat";
import { countChatDevSteps } from "@/lib/importers/chatdev/read-chatdev-log";
import { sanitizeTrace } from "../sanitize-trace";
import { jsonText } from "../json-text";
import { contentHash } from "@/lib/trace/content-hash";
import { uploadBody } from "./upload-body";
import { type EncodedRun, encodeRun } from "../encode-trace";

/**
 * The CPU- and memory-heavy work that runs inside a sandbox child process (sandbox-worker.mjs):
 * everything here is pure and bounded by the child's heap cap and deadline, and synchronous except
 * reading a multipart upload (upload-body.ts).
 */
export interface SandboxTasks {
  /** One result per trace in the file (a file with several trace ids holds several runs), with its content hash. */
  import: {
    input: {
      bytes: Uint8Array;
      contentType?: string;
      format?: string;
      fileName?: string;
      maxSteps: number;
      maxAgents: number;
      uploadedByUserId?: string | null;
    };
    output: ImportedTrace[];
  };
  "otlp-decode": {
    input: { bytes: Uint8Array; contentType: string; maxSpans: number; maxFields: number };
    output: { batches: StoredBatch[]; rejectedSpans: number };
  };
  "otlp-map": { input: { payloadTexts: string[]; maxSteps: number; maxAgents: number }; output: TTrace };
  analyze: { input: { trace: TTrace; config: Record<string, unknown> }; output: ReturnType<typeof analyzeTrace> };
  compare: { input: { a: CompareSide; b: CompareSide }; output: RunComparison };
}
export type SandboxTaskKind = keyof SandboxTasks;

/**
 * An imported trace, sanitized, hashed and encoded as the rows that store it: the web server
 * streams those bytes and never rebuilds the trace (review M-3).
 */
export type ImportedTrace = {
  format: ImportResult["format"];
  title?: string;
  steps: number;
  agents: number;
  warnings: string[];
  encoded: EncodedRun;
};

/** One trace's spans of an OTLP request, as the jsonb text to store: made here, never rebuilt on the web server. */
export type StoredBatch = { traceId: string; payload: string; spanCount: number; hasRoot: boolean };

type Output<K extends SandboxTaskKind> = SandboxTasks[K]["output"] | Promise<SandboxTasks[K]["output"]>;

export function runTask<K extends SandboxTaskKind>(kind: K, input: SandboxTasks[K]["input"]): Output<K> {
  const tasks: { [T in SandboxTaskKind]: (input: SandboxTasks[T]["input"]) => Output<T> } = {
    import: importTask,
    "otlp-decode": otlpDecodeTask,
    "otlp-map": ({ payloadTexts, maxSteps, maxAgents }) =>
      capTrace(sanitizeTrace(mapOtlpRequests(payloadTexts.map((t) => JSON.parse(t) as unknown))), maxSteps, maxAgents),
    analyze: ({ trace, config }) => analyzeTrace(trace, config),
    compare: ({ a, b }) => compareRuns(a, b),
  };
  const task = tasks[kind] as (input: SandboxTasks[K]["input"]) => Output<K>;
  if (!task) throw new Error(`unknown sandbox task ${String(kind)}`);
  return task(input);
}

async function importTask(input: SandboxTasks["import"]["input"]): Promise<ImportedTrace[]> {
  const { bytes, format, fileName } = await uploadBody(input);
  const { maxSteps, maxAgents } = input;
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
  // A chat AutoGen printed (not JSON): its message headers, counted the same way (0 for any other text).
  const printed = spans === 0 ? countPrintedMessages(text, maxSteps) : 0;
  if (printed > maxSteps) throw tooMany("printed messages", `more than ${maxSteps}`, maxSteps, "CULPRIT_MAX_STEPS");
  // A ChatDev `.log`: its utterances and test reports, counted the same way.
  const chatdev = spans === 0 && printed === 0 ? countChatDevSteps(text, maxSteps) : 0;
  if (chatdev > maxSteps) throw tooMany("ChatDev utterances", `more than ${maxSteps}`, maxSteps, "CULPRIT_MAX_STEPS");
  return importTraces(text, { format, fileName }).map((result) => {
    // Sanitized, hashed and encoded here, so the web server's event loop does none of it (review M-3).
    const trace = capTrace(sanitizeTrace(result.trace), maxSteps, maxAgents);
    return {
      format: result.format,
      ...(trace.run.title ? { title: trace.run.title } : {}),
      steps: trace.steps.length,
      agents: trace.agents.length,
      warnings: trace.warnings,
      encoded: encodeRun(trace, contentHash(trace), input.uploadedByUserId ?? null),
    };
  });
}

function otlpDecodeTask({
  bytes,
  contentType,
  maxSpans,
  maxFields,
}: SandboxTasks["otlp-decode"]["input"]): SandboxTasks["otlp-decode"]["output"] {
  let request: unknown;
  if (contentType === "application/x-protobuf") {
    // Measure before materializing: protobufjs needs ~100x the wire size in heap for empty spans
    // and attributes; measureProtobuf throws as soon as a count passes its limit.
    measureProtobuf(bytes, { maxSpans, maxFields });
    request = decodeOtlpProtobuf(bytes);
  } else {
    const text = new TextDecoder().decode(bytes);
    const m = measureJson(text, { maxSpans, maxValues: maxFields });
    if (m.spans > maxSpans)
      throw tooMany("spans in one OTLP request", `more than ${maxSpans}`, maxSpans, "CULPRIT_MAX_SPANS");
    if (m.values > maxFields)
      throw tooMany("values in one OTLP request", `more than ${maxFields}`, maxFields, "CULPRIT_MAX_OTLP_FIELDS");
    request = parseJsonText(text, "OTLP request");
  }
  const { batches, rejectedSpans } = splitByTrace(request, maxSpans);
  // The stored text may not grow far past the body (small fields become longer JSON): bounded, so
  // the web server never receives, holds or sends more than a few times what the client sent.
  const maxChars = 3 * bytes.byteLength + (1 << 20);
  let chars = 0;
  const stored = batches.map(({ traceId, request: req, spanCount, hasRoot }) => {
    const payload = jsonText(req);
    chars += payload.length;
    if (chars > maxChars)
      throw new TraceInputError(
        "too_large",
        `The decoded OTLP request is too large to store (over ${maxChars} characters).`,
      );
    return { traceId, payload, spanCount, hasRoot };
  });
  return { batches: stored, rejectedSpans };
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
