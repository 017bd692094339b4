import "server-only";
import { pool } from "./pg-pool";
import { createAnalysis, HEARTBEAT_STALE_SECONDS, runningOrphaned } from "./analyze-run";
import { enqueueAnalysis } from "./schedule-analysis";
import { analysisTimeoutMs } from "./limits";

/**
 * A queued row whose job was sent longer ago than this is sent again; one never sent (created
 * by an ingest whose process died before the inline analysis or the send) after UNSENT seconds.
 */
const QUEUED_STALE_SECONDS = 600;
const UNSENT_STALE_SECONDS = 60;
const STUCK = `(status = 'running' AND ${runningOrphaned("$4", "$1")})
  OR (status = 'queued' AND ("queuedAt" < now() - make_interval(secs => $2)
                             OR ("queuedAt" IS NULL AND "createdAt" < now() - make_interval(secs => $3))))`;

/**
 * Re-queues analyses left behind by a crash: `running` rows whose heartbeat stopped (their process
 * died; older rows without heartbeat: started longer ago than the deadline) and `queued` rows
 * whose job was never sent or was sent long ago (crash between commit and send, lost job).
 * Sending twice is harmless: performAnalysis claims the row atomically. Returns the ids re-sent.
 */
export async function reapStuckAnalyses(): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    `UPDATE analyses SET status = 'queued', progress = 0, "startedAt" = NULL, "heartbeatAt" = NULL, "queuedAt" = now()
     WHERE id IN (
       SELECT id FROM analyses
       WHERE ${STUCK}
       ORDER BY "createdAt" LIMIT 100 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [analysisTimeoutMs() / 1000 + 60, QUEUED_STALE_SECONDS, UNSENT_STALE_SECONDS, HEARTBEAT_STALE_SECONDS],
  );
  for (const { id } of rows) await enqueueAnalysis(id);
  return rows.map((r) => r.id);
}

/**
 * For a run uploaded again: when it has no analysis at all, or only one stuck in queued/running
 * past the limits above, queue a fresh one (an upload must never answer "already exists" for a
 * run that will never be analyzed).
 */
export async function ensureAnalysis(runId: string): Promise<string | undefined> {
  const { rows } = await pool().query<{ id: string; status: string; stuck: boolean }>(
    `SELECT id, status, (${STUCK}) AS stuck FROM analyses WHERE "runId" = $5 ORDER BY "createdAt" DESC LIMIT 1`,
    [analysisTimeoutMs() / 1000 + 60, QUEUED_STALE_SECONDS, UNSENT_STALE_SECONDS, HEARTBEAT_STALE_SECONDS, runId],
  );
  const latest = rows[0];
  if (latest && !latest.stuck) return undefined;
  if (latest) {
    await pool().query(
      `UPDATE analyses SET status = 'queued', progress = 0, "startedAt" = NULL, "heartbeatAt" = NULL WHERE id = $1`,
      [latest.id],
    );
    await enqueueAnalysis(latest.id);
    return latest.id;
  }
  const id = await createAnalysis(runId);
  await enqueueAnalysis(id);
  return id;
}
