import "server-only";
import { pool } from "../pg-pool";
import { isRunId } from "./get-run-view";

export interface CompareSuggestion {
  id: string;
  title: string;
  system: string | null;
  outcome: "success" | "failure" | "unknown";
  sourceFormat: string;
  stepCount: number;
  createdAt: string;
  culprit: string | null;
  /** Why it is suggested: same system, same task, or just recent. */
  reason: "same-system" | "same-task" | "recent";
}

/**
 * Runs worth comparing with `runId`: runs of the same system or the same task first (other
 * outcomes before same outcomes, so a success sits next to a failure), then the most recent runs.
 * Without `runId`: the most recent runs (the compare page's picker).
 */
export async function listCompareSuggestions({ runId, limit = 20 }: { runId?: string; limit?: number }): Promise<CompareSuggestion[]> {
  const base = runId && isRunId(runId) ? runId : null;
  const { rows } = await pool().query<Omit<CompareSuggestion, "createdAt"> & { createdAt: Date }>(
    `WITH base AS (SELECT id, system, task, outcome FROM runs WHERE id = $1::uuid)
     SELECT r.id, r.title, r.system, r.outcome, r."sourceFormat", r."stepCount", r."createdAt",
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
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
