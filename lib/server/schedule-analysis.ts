import "server-only";
import { createAnalysis, performAnalysis, AnalysisDeferred } from "./analyze-run";
import { inlineAnalysisMaxSteps, inlineAnalysisBudgetMs, analysisTimeoutMs } from "./limits";
import { queue, ANALYZE_QUEUE } from "./queue";
import { pool } from "./pg-pool";

/**
 * Small runs are analyzed right away (the answer is on the page when the upload finishes), within
 * a time budget; large ones, and small ones that take longer than the budget, go to the pg-boss
 * queue so any worker (`npm run worker`, on any machine) can take them. `analysisId` is the row
 * created in the ingest transaction (so a crash after the commit leaves a queued row the reaper
 * finds, never a run with no analysis).
 */
export async function scheduleAnalysis(
  runId: string,
  stepCount: number,
  analysisId?: string,
  options: { inline?: boolean } = {},
): Promise<{ analysisId: string; queued: boolean }> {
  const id = analysisId ?? (await createAnalysis(runId));
  if ((options.inline ?? true) && stepCount <= inlineAnalysisMaxSteps() && inlineAnalysisBudgetMs() > 0) {
    try {
      await performAnalysis(id, { timeoutMs: inlineAnalysisBudgetMs(), deferOnTimeout: true });
      return { analysisId: id, queued: false };
    } catch (err) {
      if (!(err instanceof AnalysisDeferred)) {
        console.error(`[analysis] run ${runId} failed:`, err);
        return { analysisId: id, queued: false };
      }
    }
  }
  await enqueueAnalysis(id);
  return { analysisId: id, queued: true };
}

/**
 * Sends the analysis job. The job expires only after the analysis deadline (plus slack), so a long
 * analysis is never handed to a second worker while the first still runs; the claim in
 * performAnalysis makes a duplicate delivery a no-op anyway.
 */
export async function enqueueAnalysis(analysisId: string): Promise<void> {
  const boss = await queue();
  await pool().query(`UPDATE analyses SET "queuedAt" = now() WHERE id = $1`, [analysisId]);
  await boss.send(
    ANALYZE_QUEUE,
    { analysisId },
    { retryLimit: 2, retryDelay: 30, expireInSeconds: Math.ceil(analysisTimeoutMs() / 1000) + 300 },
  );
}
