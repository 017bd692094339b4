import "server-only";
import type pg from "pg";
import { mapOtlpRequests } from "@/lib/importers/otlp/import-otlp";
import { withTransaction } from "../transaction";
import { ingestTrace } from "../ingest-trace";
import { scheduleAnalysis } from "../schedule-analysis";

/** Seconds without a new span (after the root span ended) before a live trace becomes a run. */
export function otlpIdleSeconds(): number {
  return Number(process.env.CULPRIT_OTLP_IDLE_SECONDS ?? 10);
}

/**
 * Turns every live trace whose root span has ended and that has been idle long enough into a
 * run, then analyzes it. Safe to run from several workers at once (rows are claimed with
 * SKIP LOCKED). Spans arriving after finalization reopen the trace; the next finalization stores
 * the fuller trace as a new run (content differs), keeping the earlier one.
 */
export async function finalizeIdleTraces(idleSeconds = otlpIdleSeconds()): Promise<string[]> {
  const runIds: string[] = [];
  // One trace per transaction: its state row stays locked while it is imported.
  while (await withTransaction((client) => finalizeOne(client, idleSeconds, runIds)));
  return runIds;
}

/** Claims and finalizes the oldest idle trace; false when there is none. */
async function finalizeOne(client: pg.PoolClient, idleSeconds: number, runIds: string[]): Promise<boolean> {
  const { rows } = await client.query<{ traceId: string }>(
    `SELECT "traceId" FROM otlp_trace_states
     WHERE "finalizedAt" IS NULL AND "rootEnded" AND "lastSeenAt" < now() - make_interval(secs => $1)
     ORDER BY "lastSeenAt" LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [idleSeconds],
  );
  if (rows.length === 0) return false;
  const { traceId } = rows[0];
  const batches = await client.query<{ payload: unknown }>(`SELECT payload FROM otlp_span_batches WHERE "traceId" = $1 ORDER BY id`, [traceId]);
  let runId: string | null = null;
  try {
    const trace = mapOtlpRequests(batches.rows.map((r) => r.payload));
    const result = await ingestTrace(trace);
    runId = result.runId;
    if (result.created) await scheduleAnalysis(result.runId, trace.steps.length);
    runIds.push(result.runId);
  } catch (err) {
    // A trace that cannot be imported is marked finalized (with no run) so it is not retried forever.
    console.error(`[otlp] trace ${traceId} could not be imported: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Batches are kept (not deleted) so late spans can reopen and complete the trace.
  await client.query(`UPDATE otlp_trace_states SET "finalizedAt" = now(), "runId" = $2 WHERE "traceId" = $1`, [traceId, runId]);
  return true;
}
