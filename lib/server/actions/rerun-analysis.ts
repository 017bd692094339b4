"use server";
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import { db } from "../db";
import { createAnalysis, performAnalysis } from "../analyze-run";
import { inlineAnalysisMaxSteps } from "../limits";
import { queue, ANALYZE_QUEUE } from "../queue";
import { isRunId } from "../queries/get-run-view";

export type RerunResult = { ok: true; analysisId: string } | { ok: false; message: string };

/**
 * Queues a fresh analysis of a run and returns at once, so the page can show progress: small runs
 * are analyzed in this process after the response, large ones by a queue worker. Earlier analyses stay.
 */
export async function rerunAnalysis(runId: string): Promise<RerunResult> {
  if (typeof runId !== "string" || !isRunId(runId)) return { ok: false, message: "Unknown run." };
  const run = await db().run.findUnique({ where: { id: runId }, select: { stepCount: true } });
  if (!run) return { ok: false, message: "Unknown run." };
  const analysisId = await createAnalysis(runId);
  if (run.stepCount <= inlineAnalysisMaxSteps()) {
    after(() => performAnalysis(analysisId).catch((err) => console.error(`[analysis] re-run of ${runId} failed:`, err)));
  } else {
    const boss = await queue();
    await boss.send(ANALYZE_QUEUE, { analysisId }, { retryLimit: 2, expireInSeconds: 3600 });
  }
  revalidatePath(`/runs/${runId}`);
  return { ok: true, analysisId };
}
