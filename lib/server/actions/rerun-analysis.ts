"use server";
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import { db } from "../db";
import { createAnalysis } from "../analyze-run";
import { inlineAnalysisMaxSteps } from "../limits";
import { enqueueAnalysis, scheduleAnalysis } from "../schedule-analysis";
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
    // In a sandbox thread with the inline budget; past it, the background worker takes over.
    after(() => scheduleAnalysis(runId, run.stepCount, analysisId).catch((err) => console.error(`[analysis] re-run of ${runId} failed:`, err)));
  } else {
    await enqueueAnalysis(analysisId);
  }
  revalidatePath(`/runs/${runId}`);
  return { ok: true, analysisId };
}
