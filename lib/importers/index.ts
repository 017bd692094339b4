/**
 * Entry point of the importers: text or parsed JSON in any supported format → a validated
 * `culprit.trace/v1` trace with typed edges. Pure and deterministic.
 */
import type { TTrace, TTraceInput } from "../trace/schema";
import { TraceInputError } from "../trace/errors";
import { validateTrace } from "../trace/validate-trace";
import { IMPORT_FORMATS, FORMAT_DESCRIPTIONS, type ImportFormat } from "./formats";
import { detectFormat } from "./detect-format";
import { parseInputText } from "./parse-input-text";
import { finalizeTrace } from "./finalize-trace";
import { importOtlpSource } from "./otlp/import-otlp";
import { takeValue, type ParsedSource } from "./parsed-source";
import { importLangfuseFile } from "./langfuse/import-langfuse";
import { importLangSmith } from "./langsmith/import-langsmith";
import { importWhoAndWhen } from "./who-and-when/import-who-and-when";
import { importAg2 } from "./chat/import-ag2";
import { importAutogen } from "./chat/import-autogen";
import { importChatTranscript } from "./chat/import-chat-transcript";
import { importOtelSdkDump } from "./otel-sdk-dump/import-otel-sdk-dump";
import { importAgentsSdk } from "./openai-agents/import-agents-sdk";
import { importAgentOps } from "./agentops/import-agentops";
import { importAtif } from "./atif/import-atif";
import { importChatDev } from "./chatdev/import-chatdev";
import type { ImporterRule } from "./importer-rules";

export { IMPORT_FORMATS, FORMAT_DESCRIPTIONS, type ImportFormat } from "./formats";
export { detectFormat } from "./detect-format";
export { mapOtlpRequests } from "./otlp/import-otlp";
export { decodeOtlpProtobuf } from "./otlp/decode-otlp-protobuf";

export interface ImportOptions {
  /** Force a format instead of detecting it. */
  format?: ImportFormat | "auto";
  /** Original file name; used as the run title when the file has none. */
  fileName?: string;
  /** Format rules to leave out, for measuring each one's contribution (`importer-rules.ts`); absent in every product path. */
  ablate?: readonly ImporterRule[];
}

export interface ImportResult {
  format: ImportFormat;
  trace: TTrace;
}

/**
 * Importers take the upload boxed, so the OTLP one can drop the parsed tree early (see
 * `ParsedSource`). Span-based importers return one trace input per trace in the file.
 */
type Importer = (source: ParsedSource, ablate?: readonly ImporterRule[]) => TTraceInput | TTraceInput[];
const fromValue =
  (importer: (value: unknown, ablate?: readonly ImporterRule[]) => TTraceInput | TTraceInput[]): Importer =>
  (source, ablate) =>
    importer(takeValue(source), ablate);

const IMPORTERS: Record<ImportFormat, Importer | undefined> = {
  culprit: undefined, // native: validated as-is
  otlp: importOtlpSource,
  "who-and-when": fromValue(importWhoAndWhen),
  ag2: fromValue(importAg2),
  autogen: fromValue(importAutogen),
  langfuse: fromValue(importLangfuseFile),
  langsmith: fromValue(importLangSmith),
  chat: fromValue(importChatTranscript),
  "otel-sdk": fromValue(importOtelSdkDump),
  "openai-agents": fromValue(importAgentsSdk),
  agentops: fromValue(importAgentOps),
  atif: fromValue(importAtif),
  chatdev: fromValue(importChatDev),
};

/**
 * Parse + detect + map + infer edges + validate, one result per trace in the file (a file with
 * two trace ids and two roots is two runs). Throws `TraceInputError` on bad input.
 */
export function importTraces(text: string, options: ImportOptions = {}): ImportResult[] {
  if (typeof text !== "string") throw new TraceInputError("bad_input", "Expected the trace file's text");
  // Assigned, not passed: no stack slot of this frame keeps the parsed tree alive.
  const source: ParsedSource = { value: undefined };
  source.value = parseInputText(text, options.fileName);
  return importSource(source, options);
}

/**
 * The first trace of the file (`importTraces` for all of them). When the file holds several, the
 * result says so in a warning rather than merging them or dropping the others silently.
 */
export function importTrace(text: string, options: ImportOptions = {}): ImportResult {
  return firstOf(importTraces(text, options));
}

/** Same as `importTraces`, from an already-parsed JSON value (the API's JSON body). */
export function importValues(value: unknown, options: ImportOptions = {}): ImportResult[] {
  return importSource({ value }, options);
}

/** Same as `importTrace`, from an already-parsed JSON value. */
export function importValue(value: unknown, options: ImportOptions = {}): ImportResult {
  return firstOf(importValues(value, options));
}

function firstOf(results: ImportResult[]): ImportResult {
  const first = results[0];
  if (results.length > 1) {
    first.trace.warnings.push(
      `the file holds ${results.length} traces; this run is the first, the other ${results.length - 1} were not imported here (the CLI and POST /api/runs import each as its own run)`,
    );
  }
  return first;
}

function importSource(source: ParsedSource, options: ImportOptions): ImportResult[] {
  const format = sourceFormat(source, options.format);
  if (format === "culprit") return [{ format, trace: validateTrace(takeValue(source)) }];
  const importer = IMPORTERS[format];
  if (!importer) throw new TraceInputError("unknown_format", `The ${format} importer is not available yet`);
  try {
    const imported = importer(source, options.ablate);
    const inputs = Array.isArray(imported) ? imported : [imported];
    return inputs.map((input) => {
      if (input.run.title === undefined && options.fileName) input.run.title = options.fileName.slice(0, 1000);
      return { format, trace: finalizeTrace(input) };
    });
  } catch (err) {
    if (err instanceof TraceInputError) throw err;
    // A bug in an importer must still reach the user as a clear message, not a stack trace, and
    // without the internal exception text (it can quote code paths or data of other runs): the
    // error kind only; the CLI and tests still see the full error as `cause`.
    const kind = err instanceof Error ? err.name : typeof err;
    const wrapped = new TraceInputError(
      "bad_input",
      `Could not import this ${format} file: its structure is not what the ${format} importer expects (${kind}).`,
    );
    Object.defineProperty(wrapped, "cause", { value: err, enumerable: false });
    throw wrapped;
  }
}

/** In its own frame, so the value it reads is not left in a register of `importSource`. */
function sourceFormat(source: ParsedSource, requested: ImportOptions["format"]): ImportFormat {
  return resolveFormat(source.value, requested);
}

function resolveFormat(value: unknown, requested: ImportOptions["format"]): ImportFormat {
  if (requested && requested !== "auto") {
    if (!(IMPORT_FORMATS as readonly string[]).includes(requested)) {
      throw new TraceInputError(
        "bad_input",
        `Unknown format "${String(requested)}"; use one of: auto, ${IMPORT_FORMATS.join(", ")}`,
      );
    }
    return requested;
  }
  const detected = detectFormat(value);
  if (detected) return detected;
  throw new TraceInputError(
    "unknown_format",
    `Unrecognized trace format. Supported formats:\n- ${IMPORT_FORMATS.map((f) => FORMAT_DESCRIPTIONS[f]).join("\n- ")}`,
    { issues: [{ path: "(root)", message: `shape matches none of: ${IMPORT_FORMATS.join(", ")}` }] },
  );
}
