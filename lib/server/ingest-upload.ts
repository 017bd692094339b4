import "server-only";
import type { ImportFormat } from "@/lib/importers";
import { TraceInputError } from "@/lib/trace/errors";
import { ingestEncoded } from "./ingest-trace";
import { scheduleAnalysis } from "./schedule-analysis";
import { ensureAnalysis } from "./analysis-reaper";
import { runInSandbox } from "./sandbox/sandbox-pool";
import { refuseWhenDiskLow } from "./disk-space";
import { parseFormatOption } from "./sandbox/upload-body";
import { importDeadlineMs, maxAgents, maxSteps } from "./limits";

export interface UploadResult {
  runId: string;
  created: boolean;
  /** The run's title, so an upload that made several runs can list them by name. */
  title?: string;
  format: ImportFormat;
  steps: number;
  agents: number;
  warnings: string[];
}

/**
 * The one ingestion path shared by the upload page, `POST /api/runs` and the CLI-free API:
 * decode, import (detect format, map, infer edges, validate), store, then analyze.
 * Decoding and importing run in a sandbox process (memory cap, deadline), so a hostile upload
 * costs that process, not the web server's event loop.
 */
/** `contentType` multipart/form-data: the body is a form (parsed in the sandbox, sandbox/upload-body.ts). */
export type UploadInput = {
  bytes: Uint8Array;
  contentType?: string;
  fileName?: string;
  format?: string;
  uploadedByUserId?: string | null;
};

export async function ingestUpload(input: UploadInput): Promise<UploadResult> {
  return (await ingestUploads(input))[0];
}

/**
 * Like `ingestUpload`, one run per trace in the file (a file with several trace ids holds several
 * runs), in file order. Every trace is imported before the first is stored, so a bad trace stores none.
 */
export async function ingestUploads(input: UploadInput): Promise<UploadResult[]> {
  if (input.bytes.byteLength === 0) throw new TraceInputError("bad_input", "The upload is empty");
  // Every ingest path (the API, the upload page through it, Langfuse imports) stops here when the disk is low.
  await refuseWhenDiskLow();
  const bytes = input.bytes;
  const imported = await runInSandbox(
    "import",
    {
      bytes,
      contentType: input.contentType,
      format: input.format,
      fileName: input.fileName,
      maxSteps: maxSteps(),
      maxAgents: maxAgents(),
      uploadedByUserId: input.uploadedByUserId ?? null,
    },
    { timeoutMs: importDeadlineMs(bytes.byteLength) },
  );
  const results: UploadResult[] = [];
  for (const { format: detected, title, steps, agents, warnings, encoded } of imported) {
    const { runId, created, analysisId } = await ingestEncoded(encoded);
    if (created) await scheduleAnalysis(runId, steps, analysisId);
    // Same content again: if its analysis never ran (crash, lost job), queue it now.
    else await ensureAnalysis(runId);
    results.push({ runId, created, ...(title ? { title } : {}), format: detected, steps, agents, warnings });
  }
  return results;
}

export { parseFormatOption };
