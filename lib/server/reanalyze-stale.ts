import "server-only";
import { ENGINE_VERSION } from "@/lib/attribution/config";
import { createAnalysis, performAnalysis } from "./analyze-run";
import { pool } from "./pg-pool";
import { queue, ANALYZE_QUEUE } from "./queue";

/** Runs whose newest analysis was written by another engine version (reads the column, never the report). */
export async function staleRuns(limit = 100_000): Promise<{ id: string; stepCount: number; engineVersion: string }[]> {
  const { rows } = await pool().query<{ id: string; stepCount: number; engineVersion: string }>(
    `SELECT r.id, r."stepCount", a."engineVersion"
     FROM runs r
     JOIN LATERAL (SELECT "engineVersion", status FROM analyses WHERE "runId" = r.id ORDER BY "createdAt" DESC LIMIT 1) a ON true
     WHERE a.status = 'done' AND a."engineVersion" <> $1
     ORDER BY r."createdAt" DESC LIMIT $2`,
    [ENGINE_VERSION, limit],
  );
  return rows;
}

/**
 * Re-analyzes every run whose newest report comes from an older engine: by default queued for the
 * workers (in the background; the old report stays on the page until the new one is done), or here
 * and now with `inline`.
 */
export async function reanalyzeStale({
  inline = false,
  log = console.log,
}: {
  inline?: boolean;
  log?: (line: string) => void;
} = {}): Promise<number> {
  const runs = await staleRuns();
  const boss = inline ? null : await queue();
  for (const run of runs) {
    const analysisId = await createAnalysis(run.id);
    if (boss) await boss.send(ANALYZE_QUEUE, { analysisId }, { retryLimit: 2, expireInSeconds: 3600 });
    else
      await performAnalysis(analysisId).catch((err) =>
        log(`run ${run.id}: ${err instanceof Error ? err.message : String(err)}`),
      );
  }
  log(
    `${runs.length} run(s) from older engines ${inline ? "re-analyzed" : "queued for re-analysis"} (engine ${ENGINE_VERSION})`,
  );
  return runs.length;
}
