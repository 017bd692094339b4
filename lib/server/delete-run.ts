import "server-only";
import { withTransaction } from "./transaction";

/** Tables that hold a run's data, children first. Every one is keyed by "runId". */
const RUN_TABLES = [
  "replay_cache",
  "replay_verifications",
  "share_links",
  "human_labels",
  "analyses",
  "edges",
  "steps",
  "agents",
] as const;

/**
 * Deletes a run and everything of it in one transaction: steps, edges, agents, analyses, labels,
 * share links, replay results, and the OTLP buffer it was finalized from. The foreign keys cascade
 * too; the explicit statements keep this complete even if a future table forgets its cascade (the
 * integration test checks each table). Returns false when there was no such run.
 */
export async function deleteRun(runId: string): Promise<boolean> {
  return withTransaction(async (client) => {
    const locked = await client.query(`SELECT id FROM runs WHERE id = $1 FOR UPDATE`, [runId]);
    if (locked.rowCount === 0) return false;
    for (const table of RUN_TABLES) await client.query(`DELETE FROM ${table} WHERE "runId" = $1`, [runId]);
    await client.query(
      `DELETE FROM otlp_span_batches WHERE "traceId" IN (SELECT "traceId" FROM otlp_trace_states WHERE "runId" = $1)`,
      [runId],
    );
    await client.query(`DELETE FROM otlp_trace_states WHERE "runId" = $1`, [runId]);
    await client.query(`DELETE FROM runs WHERE id = $1`, [runId]);
    return true;
  });
}
