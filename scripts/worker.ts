/**
 * `npm run worker`: takes analysis jobs from the pg-boss queue in DATABASE_URL, finalizes live
 * OTLP traces and re-queues analyses left behind by a crash. Run as many as you like, on any
 * machine that reaches the database: pg-boss hands each job to exactly one worker, so analysis
 * scales out with the number of workers. Imports and analyses run in sandbox processes (memory cap,
 * deadline), so one hostile trace fails its own job, not the worker.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { queue, ANALYZE_QUEUE } from "@/lib/server/queue";
import { performAnalysis } from "@/lib/server/analyze-run";
import { finalizeIdleTraces } from "@/lib/server/otlp/finalize-traces";
import { reapStuckAnalyses } from "@/lib/server/analysis-reaper";
import { config } from "@/lib/server/config";

const concurrency = config().CULPRIT_WORKER_CONCURRENCY;
// With heartbeats stale after 40 s, a killed analysis is re-queued within a minute.
const REAP_EVERY_MS = 15_000;

const boss = await queue();
for (let i = 0; i < concurrency; i++) {
  await boss.work<{ analysisId: string }>(ANALYZE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    const started = Date.now();
    await performAnalysis(job.data.analysisId);
    console.log(`[worker] analysis ${job.data.analysisId} done in ${Date.now() - started} ms`);
  });
}
console.log(`[worker] waiting for jobs on "${ANALYZE_QUEUE}" (concurrency ${concurrency})`);

// One sequential loop, not setInterval: a slow tick never overlaps the next, so the finalizer
// never competes with itself for pool connections (each tick claims, imports, then releases).
let stopping = false;
const loop = (async () => {
  let lastReap = 0;
  while (!stopping) {
    await finalizeIdleTraces().catch((err) =>
      console.error("[worker] OTLP finalization failed:", err instanceof Error ? err.message : err),
    );
    if (Date.now() - lastReap > REAP_EVERY_MS) {
      lastReap = Date.now();
      const requeued = await reapStuckAnalyses().catch((err) => {
        console.error("[worker] reaper failed:", err instanceof Error ? err.message : err);
        return [];
      });
      if (requeued.length) console.log(`[worker] re-queued ${requeued.length} stuck analysis(es)`);
    }
    await sleep(1000);
  }
})();

const stop = async () => {
  stopping = true;
  await loop;
  await boss.stop({ graceful: true, timeout: 10_000 });
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
