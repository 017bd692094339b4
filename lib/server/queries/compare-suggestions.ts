import "server-only";
import { pool } from "../pg-pool";
import { isRunId } from "../ids";
import type { Run } from "@/lib/generated/prisma/client";
import { pickRunFields, type RunSummary, type RunSummaryField } from "@/lib/view/run-row";
import { runColumnsSql } from "./run-columns";

/** Run fields a suggestion shows (a subset of the runs list's, so the types stay derived from the schema). */
const SUGGESTION_FIELDS = [
  "id",
  "title",
  "system",
  "outcome",
  "sourceFormat",
  "stepCount",
  "createdAt",
] as const satisfies readonly RunSummaryField[];

export type CompareSuggestion = Pick<RunSummary, (typeof SUGGESTION_FIELDS)[number]> & {
  culprit: string | null;
  /** Why it is suggested: same system, same task, or just recent. */
  reason: "same-system" | "same-task" | "recent";
};

/**
 * Runs worth comparing with `runId`: runs of the same system or the same task first (other
 * outcomes before same outcomes, so a success sits next to a failure), then the most recent runs.
 * Without `runId`: the most recent runs (the compare page's picker).
 */
export async function listCompareSuggestions({
  runId,
  limit = 20,
}: {
  runId?: string;
  limit?: number;
}): Promise<CompareSuggestion[]> {
  const base = runId && isRunId(runId) ? runId : null;
  const { rows } = await pool().query<
    Pick<Run, (typeof SUGGESTION_FIELDS)[number]> & Pick<CompareSuggestion, "culprit" | "reason">
  >(
    `WITH base AS (SELECT id, system, task, outcome FROM runs WHERE id = $1::uuid)
     SELECT ${runColumnsSql(SUGGESTION_FIELDS)},
            a."culpritAgent" AS culprit,
            CASE WHEN b.system IS NOT NULL AND r.system = b.system THEN 'same-system'
                 WHEN b.task IS NOT NULL AND r.task = b.task THEN 'same-task'
                 ELSE 'recent' END AS reason
     FROM runs r
     LEFT JOIN base b ON true
     LEFT JOIN LATERAL (SELECT "culpritAgent" FROM analyses WHERE "runId" = r.id AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1) a ON true
     WHERE r.id IS DISTINCT FROM $1::uuid
     ORDER BY (CASE WHEN b.system IS NOT NULL AND r.system = b.system THEN 0 WHEN b.task IS NOT NULL AND r.task = b.task THEN 1 ELSE 2 END),
              (r.outcome = b.outcome) NULLS LAST, r."createdAt" DESC, r.id
     LIMIT $2`,
    [base, Math.max(1, Math.min(limit, 200))],
  );
  return rows.map((r) => ({ ...r, ...pickRunFields(r, SUGGESTION_FIELDS) }));
}
