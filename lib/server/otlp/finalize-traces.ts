import "server-only";
import { TraceInputError } from "@/lib/trace/errors";
import { pool } from "../pg-pool";
import { withTransaction } from "../transaction";
import { ingestTrace } from "../ingest-trace";
import { enqueueAnalysis } from "../schedule-analysis";
import { runInSandbox, SandboxLimitError } from "../sandbox/sandbox-pool";
import { importTimeoutMs, maxAgents, maxSteps } from "../limits";
import { config } from "../config";

/** Seconds without a new span (after the root span ended) before a live trace becomes a run. */
export function otlpIdleSeconds(): number {
  return config().CULPRIT_OTLP_IDLE_SECONDS;
}

/** A finalizer owns a claimed trace this long; after it, another one may take it over. */
const LEASE_SECONDS = 300;
/** Attempts after which a trace that keeps failing (crash, deadline, database) is quarantined. */
export const MAX_FINALIZE_ATTEMPTS = 3;
/** Traces finalized per call, so one call never runs unbounded. */
const MAX_PER_CALL = 50;

/**
 * Turns every live trace whose root span has ended and that has been idle long enough into a
 * run and queues its analysis. Safe to run from several workers at once.
 *
 * A trace is claimed with a lease (one committed UPDATE), not a lock held while importing, so
 * the finalizer never holds a pool connection while it waits for another, and receivers writing
 * to the same trace never block on it. Each claim counts an attempt before any work starts: a
 * trace that crashed or timed out its finalizer MAX_FINALIZE_ATTEMPTS times is quarantined with
 * the reason instead of crashing every restart. Input errors and limits are final at once;
 * other errors (database restarts, deadlocks) leave the trace to be retried. After finalization
 * the buffered spans are deleted; later spans are refused (see buffer-spans.ts).
 */
export async function finalizeIdleTraces(idleSeconds = otlpIdleSeconds()): Promise<string[]> {
  const runIds: string[] = [];
  for (let i = 0; i < MAX_PER_CALL; i++) {
    const claimed = await claimOne(idleSeconds);
    if (!claimed) break;
    const runId = await finalizeClaimed(claimed.traceId, claimed.attempts);
    if (runId) runIds.push(runId);
  }
  return runIds;
}

async function claimOne(idleSeconds: number): Promise<{ traceId: string; attempts: number } | undefined> {
  const { rows } = await pool().query<{ traceId: string; attempts: number }>(
    `UPDATE otlp_trace_states SET "claimedUntil" = now() + make_interval(secs => $2), attempts = attempts + 1
     WHERE "traceId" = (
       SELECT "traceId" FROM otlp_trace_states
       WHERE "finalizedAt" IS NULL AND "rootEnded" AND "lastSeenAt" < now() - make_interval(secs => $1)
         AND ("claimedUntil" IS NULL OR "claimedUntil" < now())
       ORDER BY "lastSeenAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING "traceId", attempts`,
    [idleSeconds, LEASE_SECONDS],
  );
  return rows[0];
}

async function finalizeClaimed(traceId: string, attempts: number): Promise<string | undefined> {
  if (attempts > MAX_FINALIZE_ATTEMPTS) {
    const reason = `quarantined after ${MAX_FINALIZE_ATTEMPTS} failed finalization attempts`;
    console.error(`[otlp] trace ${traceId} ${reason}`);
    await complete(traceId, null, reason, Number.MAX_SAFE_INTEGER);
    return undefined;
  }
  const batches = await pool().query<{ id: string; payload: string }>(
    `SELECT id, payload::text AS payload FROM otlp_span_batches WHERE "traceId" = $1 ORDER BY id`,
    [traceId],
  );
  const maxBatchId = batches.rows.length ? Number(batches.rows[batches.rows.length - 1].id) : 0;
  try {
    const trace = await runInSandbox(
      "otlp-map",
      { payloadTexts: batches.rows.map((r) => r.payload), maxSteps: maxSteps(), maxAgents: maxAgents() },
      { timeoutMs: importTimeoutMs() * 2 },
    );
    batches.rows.length = 0; // the payloads can be large: let them go before storing
    const result = await ingestTrace(trace);
    if (result.analysisId) await enqueueAnalysis(result.analysisId);
    await complete(traceId, result.runId, null, maxBatchId);
    return result.runId;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof TraceInputError || err instanceof SandboxLimitError) {
      // The trace itself is the problem: final, with the reason kept for the operator.
      console.error(`[otlp] trace ${traceId} could not be imported: ${message}`);
      await complete(traceId, null, message.slice(0, 2000), maxBatchId);
      return undefined;
    }
    // Possibly transient (database restart, deadlock, connection reset): release the claim and
    // let the next tick retry; the attempt counter bounds the retries.
    console.error(`[otlp] finalizing trace ${traceId} failed (attempt ${attempts}), will retry: ${message}`);
    await pool()
      .query(
        `UPDATE otlp_trace_states SET "claimedUntil" = now() + interval '5 seconds', error = $2 WHERE "traceId" = $1`,
        [traceId, message.slice(0, 2000)],
      )
      .catch(() => {});
    return undefined;
  }
}

/**
 * Marks the trace finalized and deletes its buffered spans. Batches that arrived after the claim
 * read them (id > maxBatchId) are counted as late spans and deleted too: they are not imported.
 */
async function complete(
  traceId: string,
  runId: string | null,
  error: string | null,
  maxBatchId: number,
): Promise<void> {
  await withTransaction(async (client) => {
    await client.query(`SELECT 1 FROM otlp_trace_states WHERE "traceId" = $1 FOR UPDATE`, [traceId]);
    const late = await client.query<{ n: string | null }>(
      `WITH gone AS (DELETE FROM otlp_span_batches WHERE "traceId" = $1 RETURNING id, spans) SELECT sum(spans) FILTER (WHERE id > $2) AS n FROM gone`,
      [traceId, maxBatchId],
    );
    await client.query(
      `UPDATE otlp_trace_states SET "finalizedAt" = now(), "runId" = $2, error = $3, "claimedUntil" = NULL, "lateSpans" = "lateSpans" + $4 WHERE "traceId" = $1`,
      [traceId, runId, error, Number(late.rows[0]?.n ?? 0)],
    );
  });
}
