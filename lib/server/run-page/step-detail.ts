import "server-only";
import type { StepDetail } from "@/lib/view/types";
import { readStoredStepReport } from "../read-report";
import { db } from "../db";
import { isRunId, isStepId } from "../ids";
import { pool } from "../pg-pool";
import { stepFromRow } from "../trace-from-rows";
import { detailCache } from "./caches";
import { NEWEST_DONE_ANALYSIS_ID } from "./rows";
import { clipLimit, clipStep } from "./view-rows";

/**
 * A step detail as served (JSON text) and the version it belongs to: the newest finished analysis
 * (steps never change; findings change only with a new analysis). Undefined when the run or step is
 * unknown. Served from an in-process cache keyed by that version, so a busy step (or one on a 100k-step
 * run, whose findings live in a large report) is read once per analysis; the version doubles as the
 * HTTP ETag.
 */
export async function getStepDetailJson({
  runId,
  stepId,
}: {
  runId: string;
  stepId: string;
}): Promise<{ json: string; version: string } | undefined> {
  if (!isRunId(runId) || !isStepId(stepId)) return undefined;
  // One indexed lookup per request: the run must still exist (a deleted run's cached steps are never served).
  const {
    rows: [row],
  } = await pool().query<{ analysisId: string | null }>(
    `SELECT ${NEWEST_DONE_ANALYSIS_ID} AS "analysisId" FROM runs r WHERE r.id = $1::uuid`,
    [runId],
  );
  if (!row) return undefined;
  const version = row.analysisId ?? "none";
  const json = await detailCache.get(`${runId}:${version}:${stepId}`, async () => {
    const detail = await getStepDetail({ runId, stepId });
    const text = detail === undefined ? null : JSON.stringify(detail);
    return { value: text, weight: (text?.length ?? 0) + 256 };
  });
  return json === null ? undefined : { json, version };
}

/** One full step and the engine's findings on it (newest finished analysis); undefined when unknown. */
export async function getStepDetail({
  runId,
  stepId,
}: {
  runId: string;
  stepId: string;
}): Promise<StepDetail | undefined> {
  if (!isRunId(runId) || !isStepId(stepId)) return undefined;
  const [row, found] = await Promise.all([
    db().step.findUnique({ where: { runId_stepId: { runId, stepId } } }),
    // The report's steps follow the trace order, so the step's own index finds it directly; the
    // jsonpath fallback (still no row per report step) covers reports where the order differs.
    pool().query<{ report: unknown }>(
      `WITH a AS (SELECT result->'steps' AS steps FROM analyses
                  WHERE "runId" = $1::uuid AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1),
            st AS (SELECT idx FROM steps WHERE "runId" = $1::uuid AND "stepId" = $2::text)
       SELECT CASE WHEN a.steps->(st.idx)->>'stepId' = $2::text THEN a.steps->(st.idx)
                   ELSE jsonb_path_query_first(a.steps, '$[*] ? (@.stepId == $id)', jsonb_build_object('id', $2::text))
              END AS report
       FROM a, st`,
      [runId, stepId],
    ),
  ]);
  if (!row) return undefined;
  // The detail shows the step itself, not where it sits in the span tree (no parent).
  return { step: clipStep(stepFromRow(row), clipLimit(0)), report: readStoredStepReport(found.rows[0]?.report) };
}
