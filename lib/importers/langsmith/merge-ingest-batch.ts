import { isRecord } from "../trace-builder";

/**
 * The LangSmith SDK's batch ingest body (`POST /runs/batch`): `{post: [runs created], patch: [run
 * updates]}`. A run is posted when it starts and patched when it ends, so the outputs, end time and
 * error live in the patch. Both lists hold run objects keyed by `id`.
 */
export function isLangSmithBatch(value: unknown): value is { post?: unknown[]; patch?: unknown[] } {
  if (!isRecord(value)) return false;
  const post = value.post;
  const patch = value.patch;
  if (post !== undefined && !Array.isArray(post)) return false;
  if (patch !== undefined && !Array.isArray(patch)) return false;
  const lists = [post, patch].filter(Array.isArray) as unknown[][];
  return lists.length > 0 && lists.some((l) => l.some(isIngestRun));
}

/** A run in an ingest body has an id and at least one of the fields only runs carry. */
function isIngestRun(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.id === "string" &&
    ("run_type" in value || "dotted_order" in value || "trace_id" in value || "end_time" in value)
  );
}

/**
 * One run per id, in posting order: each patch is laid over the posted run with the same id (its
 * non-null fields win, `extra` is merged one level deep); a patch with no posted run (the SDK
 * patches runs posted in an earlier batch) stands alone.
 */
export function mergeIngestBatch(batch: { post?: unknown[]; patch?: unknown[] }): Record<string, unknown>[] {
  const runs: Record<string, unknown>[] = [];
  const byId = new Map<string, Record<string, unknown>>();
  for (const raw of batch.post ?? []) {
    if (!isRecord(raw)) continue;
    const run = { ...raw };
    runs.push(run);
    if (typeof run.id === "string") byId.set(run.id, run);
  }
  for (const raw of batch.patch ?? []) {
    if (!isRecord(raw)) continue;
    const posted = typeof raw.id === "string" ? byId.get(raw.id) : undefined;
    if (!posted) {
      const run = { ...raw };
      runs.push(run);
      if (typeof run.id === "string") byId.set(run.id, run);
      continue;
    }
    for (const [key, v] of Object.entries(raw)) {
      if (v === null || v === undefined) continue;
      posted[key] = key === "extra" && isRecord(v) && isRecord(posted.extra) ? { ...posted.extra, ...v } : v;
    }
  }
  return runs;
}
