/**
 * `npm run worker`: takes analysis jobs from the pg-boss queue in DATABASE_URL and finalizes live
 * OTLP traces. Run as many as you like, on any machine that reaches the database: pg-boss hands
 * each job to exactly one worker, so analysis scales out with the number of workers.
 */
import { queue, ANALYZE_QUEUE } from "@/lib/server/queue";
import { performAnalysis } from "@/lib/server/analyze-run";
import { finalizeIdleTraces } from "@/lib/server/otlp/finalize-traces";

const concurrency = Number(process.env.CULPRIT_WORKER_CONCURRENCY ?? 1);

const boss = await queue();
await boss.work<{ analysisId: string }>(ANALYZE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
  const started = Date.now();
  await performAnalysis(job.data.analysisId);
  console.log(`[worker] analysis ${job.data.analysisId} done in ${Date.now() - started} ms`);
});
for (let i = 1; i < concurrency; i++) {
  await boss.work<{ analysisId: string }>(ANALYZE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => performAnalysis(job.data.analysisId));
}
console.log(`[worker] waiting for jobs on "${ANALYZE_QUEUE}" (concurrency ${concurrency})`);

// Live OTLP traces become runs once idle; every worker polls, SKIP LOCKED keeps them apart.
const finalizer = setInterval(() => {
  finalizeIdleTraces().catch((err) => console.error("[worker] OTLP finalization failed:", err.message));
}, 1000);

const stop = async () => {
  clearInterval(finalizer);
  await boss.stop({ graceful: true, timeout: 10_000 });
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
