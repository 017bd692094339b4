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
import { importOtlp } from "./otlp/import-otlp";
import { importLangfuse } from "./langfuse/import-langfuse";
import { importLangSmith } from "./langsmith/import-langsmith";
import { importWhoAndWhen } from "./who-and-when/import-who-and-when";
import { importAg2 } from "./chat/import-ag2";
import { importAutogen } from "./chat/import-autogen";

export { IMPORT_FORMATS, FORMAT_DESCRIPTIONS, type ImportFormat } from "./formats";
export { detectFormat } from "./detect-format";
export { mapOtlpRequests } from "./otlp/import-otlp";
export { decodeOtlpProtobuf } from "./otlp/decode-otlp-protobuf";

export interface ImportOptions {
  /** Force a format instead of detecting it. */
  format?: ImportFormat | "auto";
  /** Original file name; used as the run title when the file has none. */
  fileName?: string;
}

export interface ImportResult {
  format: ImportFormat;
  trace: TTrace;
}

type Importer = (value: unknown) => TTraceInput;

const IMPORTERS: Record<ImportFormat, Importer | undefined> = {
  culprit: undefined, // native: validated as-is
  otlp: importOtlp,
  "who-and-when": importWhoAndWhen,
  ag2: importAg2,
  autogen: importAutogen,
  langfuse: importLangfuse,
  langsmith: importLangSmith,
};

/** Parse + detect + map + infer edges + validate. Throws `TraceInputError` on bad input. */
export function importTrace(text: string, options: ImportOptions = {}): ImportResult {
  if (typeof text !== "string") throw new TraceInputError("bad_input", "Expected the trace file's text");
  return importValue(parseInputText(text, options.fileName), options);
}

/** Same as `importTrace`, from an already-parsed JSON value (the API's JSON body). */
export function importValue(value: unknown, options: ImportOptions = {}): ImportResult {
  const format = resolveFormat(value, options.format);
  if (format === "culprit") return { format, trace: validateTrace(value) };
  const importer = IMPORTERS[format];
  if (!importer) throw new TraceInputError("unknown_format", `The ${format} importer is not available yet`);
  try {
    const input: TTraceInput = importer(value);
    if (input.run.title === undefined && options.fileName) input.run.title = options.fileName.slice(0, 1000);
    return { format, trace: finalizeTrace(input) };
  } catch (err) {
    if (err instanceof TraceInputError) throw err;
    // A bug in an importer must still reach the user as a clear message, not a stack trace.
    const message = err instanceof Error ? err.message : String(err);
    throw new TraceInputError("bad_input", `Could not import this ${format} file: ${message}`);
  }
}

function resolveFormat(value: unknown, requested: ImportOptions["format"]): ImportFormat {
  if (requested && requested !== "auto") {
    if (!(IMPORT_FORMATS as readonly string[]).includes(requested)) {
      throw new TraceInputError("bad_input", `Unknown format "${String(requested)}"; use one of: auto, ${IMPORT_FORMATS.join(", ")}`);
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
