import "server-only";
import { importTrace, IMPORT_FORMATS, type ImportFormat } from "@/lib/importers";
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
  const format = parseFormatOption(input.format);
  const text = decodeUtf8(input.bytes);
  const { format: detected, trace } = importTrace(text, { format, fileName: input.fileName });
  const { runId, created } = await ingestTrace(trace);
  if (created) await scheduleAnalysis(runId, trace.steps.length);
  return { runId, created, format: detected, steps: trace.steps.length, agents: trace.agents.length, warnings: trace.warnings };
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
