import "server-only";
import { importTraces, IMPORT_FORMATS, type ImportFormat } from "@/lib/importers";
import { TraceInputError } from "@/lib/trace/errors";
import { ingestTrace } from "./ingest-trace";
import { scheduleAnalysis } from "./schedule-analysis";

export interface UploadResult {
  runId: string;
  created: boolean;
  format: ImportFormat;
  steps: number;
  agents: number;
  warnings: string[];
}

/**
 * The one ingestion path shared by the upload page, `POST /api/runs` and the CLI-free API:
 * decode, import (detect format, map, infer edges, validate), store, then analyze.
 */
export async function ingestUpload(input: { bytes: Uint8Array; fileName?: string; format?: string }): Promise<UploadResult> {
  return (await ingestUploads(input))[0];
}

/**
 * Like `ingestUpload`, one run per trace in the file (a file with several trace ids holds several
 * runs), in file order. Every trace is imported before the first is stored, so a bad trace stores none.
 */
export async function ingestUploads(input: { bytes: Uint8Array; fileName?: string; format?: string }): Promise<UploadResult[]> {
  const format = parseFormatOption(input.format);
  const text = decodeUtf8(input.bytes);
  const imported = importTraces(text, { format, fileName: input.fileName });
  const results: UploadResult[] = [];
  for (const { format: detected, trace } of imported) {
    const { runId, created } = await ingestTrace(trace);
    if (created) await scheduleAnalysis(runId, trace.steps.length);
    results.push({ runId, created, format: detected, steps: trace.steps.length, agents: trace.agents.length, warnings: trace.warnings });
  }
  return results;
}

export function parseFormatOption(value: string | null | undefined): ImportFormat | "auto" {
  if (!value || value === "auto") return "auto";
  if ((IMPORT_FORMATS as readonly string[]).includes(value)) return value as ImportFormat;
  throw new TraceInputError("unknown_format", `Unknown format "${value}"; use auto or one of: ${IMPORT_FORMATS.join(", ")}`);
}

function decodeUtf8(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw new TraceInputError("bad_input", "The upload is empty");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TraceInputError("bad_input", "The upload is not UTF-8 text (is it a binary or compressed file?)");
  }
}
