import "server-only";
import type { RunPageData } from "@/lib/view/types";
import { config } from "../config";
import { ImmutableCache } from "./immutable-cache";

/**
 * The run page's in-process caches (decision 0016). Everything in them is immutable: a run's steps,
 * edges and agents never change after ingest, a finished analysis never changes, and every key
 * carries the version it belongs to (run id, analysis id, window). Each cache has its own budget.
 */

/**
 * Immutable run data the page ships (whole small runs, large runs' windows and overviews, step
 * indexes), in one budget of CULPRIT_PAGE_CACHE_STEPS steps. Values of different shapes share it;
 * each key's prefix says which, and only `cached<T>` callers with that prefix read it back.
 */
export const bodyCache = new ImmutableCache<unknown>(config().CULPRIT_PAGE_CACHE_STEPS);
export function cached<T>(key: string, load: () => Promise<{ value: T; weight: number }>): Promise<T> {
  return bodyCache.get(key, load) as Promise<T>;
}

/** Finished reports' page summaries by analysis id, weighed in report steps. */
export type CachedReport = { summary: NonNullable<RunPageData["report"]>; stale: string | null } | null;
export const reportCache = new ImmutableCache<CachedReport>(config().CULPRIT_PAGE_CACHE_REPORT_STEPS);

/** Bytes of served page bodies kept in memory (a 100k-step run's window is about 1.2 MB). */
const PAGE_BODY_CACHE_BYTES = 64 * 1024 * 1024;
/** Served page bodies (JSON, and each content coding of it), weighed in bytes. */
export const bodyBytesCache = new ImmutableCache<Buffer>(PAGE_BODY_CACHE_BYTES);

/** Characters of step-detail JSON kept in memory (a clipped step is at most a few hundred kB). */
const STEP_DETAIL_CACHE_CHARS = 32 * 1024 * 1024;
/** Served step details (JSON text, or null for an unknown step), weighed in characters. */
export const detailCache = new ImmutableCache<string | null>(STEP_DETAIL_CACHE_CHARS);
