import "server-only";
import { randomUUID } from "node:crypto";
import type { ReplayCacheStore } from "@/lib/replay/replay-session";
import { pool } from "../pg-pool";
import { jsonText } from "../copy-rows";

/**
 * The Postgres replay cache: one row per (trace content hash, intervention set, endpoint). A
 * concurrent verification that stores the same key first wins; the outcome is the same anyway.
 */
export function pgReplayCache(runId: string, traceHash: string, endpoint: string): ReplayCacheStore {
  return {
    async get(key) {
      const { rows } = await pool().query<{ outcome: "success" | "failure" }>(
        `SELECT outcome FROM replay_cache WHERE "traceHash" = $1 AND "interventionKey" = $2 AND endpoint = $3`,
        [traceHash, key, endpoint],
      );
      return rows[0]?.outcome;
    },
    async set(key, interventions, outcome, durationMs) {
      await pool().query(
        `INSERT INTO replay_cache (id, "runId", "traceHash", "interventionKey", endpoint, interventions, outcome, "durationMs")
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) ON CONFLICT ("traceHash", "interventionKey", endpoint) DO NOTHING`,
        [
          randomUUID(),
          runId,
          traceHash,
          key,
          endpoint,
          jsonText(interventions),
          outcome,
          Math.min(2_147_483_647, Math.round(durationMs)),
        ],
      );
    },
  };
}
