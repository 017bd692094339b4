import "server-only";
import { fetchTraceDownload } from "@/lib/langfuse/fetch-traces";
import type { LangfuseClient } from "@/lib/langfuse/langfuse-client";
import { ingestUploads } from "../ingest-upload";
import { maxUploadBytes } from "../limits";

export const MAX_IMPORT_IDS = 10;

export interface LangfuseImportResult {
  traceId: string;
  ok: boolean;
  runId?: string;
  created?: boolean;
  error?: string;
}

/** Splits the pasted ids (commas, spaces or lines), dropping repeats. */
export function parseTraceIds(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * Downloads each trace with its observations and stores it through the one ingestion path
 * (sandboxed import, then analysis), one run per trace; one failing trace does not stop the others.
 */
export async function importFromLangfuse(client: LangfuseClient, traceIds: string[]): Promise<LangfuseImportResult[]> {
  const results: LangfuseImportResult[] = [];
  for (const traceId of traceIds.slice(0, MAX_IMPORT_IDS)) {
    try {
      const download = await fetchTraceDownload(client, traceId, maxUploadBytes());
      const bytes = new TextEncoder().encode(JSON.stringify(download));
      const [run] = await ingestUploads({ bytes, fileName: `langfuse-${traceId}.json`, format: "langfuse" });
      results.push({ traceId, ok: true, runId: run.runId, created: run.created });
    } catch (e) {
      results.push({ traceId, ok: false, error: e instanceof Error ? e.message.slice(0, 500) : "import failed" });
    }
  }
  return results;
}
