/**
 * The run row as pages see it, derived from the Prisma schema (`prisma/schema.prisma` → the
 * generated `Run` and `Analysis` types) instead of declared by hand per page. The field lists are
 * the one place that says which run-level fields reach the runs list and the run header: the list
 * query selects `RUN_SUMMARY_FIELDS` (lib/server/queries/list-runs.ts), the run page's `ViewRun`
 * carries `RUN_DETAIL_FIELDS` (lib/server/run-page/view-rows.ts), and the types below follow.
 * Adding a stored run column to a page: name it here, then render it (see ADR 0012).
 * Type-only imports: nothing of Prisma reaches a browser bundle.
 */
import type { Analysis, Run } from "@/lib/generated/prisma/browser";

/** A row as JSON carries it to the browser: dates become ISO strings. */
export type Jsonified<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** Run fields the runs list and the run header both show. */
export const RUN_SUMMARY_FIELDS = [
  "id",
  "title",
  "system",
  "outcome",
  "sourceFormat",
  "agentCount",
  "stepCount",
  "totalTokens",
  "startedAt",
  "endedAt",
  "createdAt",
] as const satisfies readonly (keyof Run)[];
/** Run fields only the run page shows (beside its header: task, answers, counts). */
export const RUN_DETAIL_FIELDS = [
  ...RUN_SUMMARY_FIELDS,
  "task",
  "groundTruth",
  "finalAnswer",
  "edgeCount",
] as const satisfies readonly (keyof Run)[];

export type RunSummaryField = (typeof RUN_SUMMARY_FIELDS)[number];
export type RunDetailField = (typeof RUN_DETAIL_FIELDS)[number];
export type RunSummary = Jsonified<Pick<Run, RunSummaryField>>;

/** A run's outcome where a query keeps only decided runs (`outcome IN ('success', 'failure')`). */
export type DecidedOutcome = Exclude<Run["outcome"], "unknown">;

/** The newest analysis's list columns beside each run (null when the run was never analyzed). */
export type RunListAnalysis = {
  culprit: Analysis["culpritAgent"];
  interaction: Analysis["interactionClass"];
  analysisStatus: Analysis["status"] | null;
  verificationCost: Analysis["verificationCost"];
  redundancyShare: Analysis["redundancyShare"];
  flagKinds: Analysis["flagKinds"] | null;
};

/** One row of the runs list. */
export type RunListRow = RunSummary & RunListAnalysis;

/** The named fields of a run row, JSON-safe (dates as ISO strings). */
export function pickRunFields<F extends keyof Run>(row: Pick<Run, F>, fields: readonly F[]): Jsonified<Pick<Run, F>> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v: unknown = row[f];
    out[f] = v instanceof Date ? v.toISOString() : v;
  }
  return out as Jsonified<Pick<Run, F>>;
}
