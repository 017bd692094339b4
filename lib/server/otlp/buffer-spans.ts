import "server-only";
import { withTransaction } from "../transaction";
import { maxSpansPerTrace } from "../limits";
import type { StoredBatch } from "../sandbox/sandbox-tasks";

export interface BufferResult {
  /** Spans refused: their trace was already finalized (late) or would pass the per-trace cap. */
  rejectedSpans: number;
  reasons: string[];
}

/**
 * Stores received spans until their trace is finalized. Buffering in Postgres (not in memory)
 * means a restart loses nothing and any number of app instances can receive spans of one trace.
 *
 * - Batches arrive sorted by traceId (splitByTrace), so concurrent exports lock trace-state rows
 *   in the same order and cannot deadlock each other.
 * - A trace takes at most CULPRIT_MAX_TRACE_SPANS spans; a batch that would pass it is refused.
 * - Spans of a finalized trace (it became a run, or was quarantined) are refused and counted in
 *   `lateSpans`: they never reopen the trace or re-import it as a new run.
 */
export async function bufferSpans(batches: StoredBatch[]): Promise<BufferResult> {
  const result: BufferResult = { rejectedSpans: 0, reasons: [] };
  if (batches.length === 0) return result;
  const cap = maxSpansPerTrace();
  const refuse = (b: StoredBatch, reason: string) => {
    result.rejectedSpans += b.spanCount;
    if (!result.reasons.includes(reason)) result.reasons.push(reason);
  };
  await withTransaction(async (client) => {
    for (const b of batches) {
      if (b.spanCount > cap) {
        refuse(b, `trace ${b.traceId} would exceed ${cap} spans (CULPRIT_MAX_TRACE_SPANS)`);
        continue;
      }
      const accepted = await client.query(
        `INSERT INTO otlp_trace_states ("traceId", "lastSeenAt", "rootEnded", "spanCount") VALUES ($1, now(), $2, $3)
         ON CONFLICT ("traceId") DO UPDATE SET "lastSeenAt" = now(), "rootEnded" = otlp_trace_states."rootEnded" OR $2,
           "spanCount" = otlp_trace_states."spanCount" + $3
         WHERE otlp_trace_states."finalizedAt" IS NULL AND otlp_trace_states."spanCount" + $3 <= $4
         RETURNING "traceId"`,
        [b.traceId, b.hasRoot, b.spanCount, cap],
      );
      if (accepted.rowCount === 0) {
        const { rows } = await client.query<{ finalized: boolean }>(
          `UPDATE otlp_trace_states SET "lateSpans" = "lateSpans" + CASE WHEN "finalizedAt" IS NULL THEN 0 ELSE $2 END
           WHERE "traceId" = $1 RETURNING "finalizedAt" IS NOT NULL AS finalized`,
          [b.traceId, b.spanCount],
        );
        refuse(
          b,
          rows[0]?.finalized
            ? `trace ${b.traceId} was already finalized (late spans are not imported)`
            : `trace ${b.traceId} would exceed ${cap} spans (CULPRIT_MAX_TRACE_SPANS)`,
        );
        continue;
      }
      await client.query(`INSERT INTO otlp_span_batches ("traceId", payload, spans) VALUES ($1, $2::jsonb, $3)`, [
        b.traceId,
        b.payload,
        b.spanCount,
      ]);
    }
  });
  return result;
}
