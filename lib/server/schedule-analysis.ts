import "server-only";
import { createAnalysis, performAnalysis } from "./analyze-run";
import { inlineAnalysisMaxSteps } from "./limits";
import { queue, ANALYZE_QUEUE } from "./queue";

/**
 * Small runs are analyzed right away (the answer is on the page when the upload finishes); large
 * ones go to the pg-boss queue so any worker (`npm run worker`, on any machine) can take them.
 */
export async function scheduleAnalysis(runId: string, stepCount: number): Promise<{ analysisId: string; queued: boolean }> {
  const analysisId = await createAnalysis(runId);
  if (stepCount <= inlineAnalysisMaxSteps()) {
    await performAnalysis(analysisId).catch((err) => console.error(`[analysis] run ${runId} failed:`, err));
    return { analysisId, queued: false };
  }
  const boss = await queue();
  await boss.send(ANALYZE_QUEUE, { analysisId }, { retryLimit: 2, expireInSeconds: 3600 });
  return { analysisId, queued: true };
}
