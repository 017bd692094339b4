import "server-only";
import { withTransaction } from "../transaction";
import { jsonText } from "../copy-rows";
import type { TraceBatch } from "./split-by-trace";

/**
 * Stores received spans until their trace is finalized. Buffering in Postgres (not in memory)
 * means a restart loses nothing and any number of app instances can receive spans of one trace.
 */
export async function bufferSpans(batches: TraceBatch[]): Promise<void> {
  if (batches.length === 0) return;
  await withTransaction(async (client) => {
    for (const b of batches) {
      await client.query(`INSERT INTO otlp_span_batches ("traceId", payload) VALUES ($1, $2::jsonb)`, [b.traceId, jsonText(b.request)]);
      await client.query(
        `INSERT INTO otlp_trace_states ("traceId", "lastSeenAt", "rootEnded", "spanCount") VALUES ($1, now(), $2, $3)
         ON CONFLICT ("traceId") DO UPDATE SET "lastSeenAt" = now(), "rootEnded" = otlp_trace_states."rootEnded" OR $2,
           "spanCount" = otlp_trace_states."spanCount" + $3, "finalizedAt" = NULL`,
        [b.traceId, b.hasRoot, b.spanCount],
      );
    }
  });
}
