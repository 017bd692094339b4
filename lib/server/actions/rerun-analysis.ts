"use server";
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "../db";
import { createAnalysis } from "../analyze-run";
import { inlineAnalysisMaxSteps } from "../limits";
import { enqueueAnalysis, scheduleAnalysis } from "../schedule-analysis";
import { isRunId } from "../ids";
import { ActionFailure, defineAction } from "./define-action";

/**
 * Re-runs per run and hour. The engine is deterministic, so a re-run only matters after the engine,
 * its settings or the judge changed; a few an hour is plenty, and each keeps a full report row (F-6).
 */
const RERUNS_PER_HOUR = 6;

/**
 * Queues a fresh analysis of a run (owners only) and returns at once, so the page can show progress:
 * small runs are analyzed in this process after the response, large ones by a queue worker. Earlier
 * analyses stay. Refused while an analysis of the run is still queued or running.
 */
export const rerunAnalysis = defineAction(
  { input: z.object({ runId: z.string().refine(isRunId, "Unknown run.") }), role: "owner" },
  async ({ runId }) => {
    const run = await db().run.findUnique({ where: { id: runId }, select: { stepCount: true } });
    if (!run) throw new ActionFailure("not_found", "Unknown run.");
    const [pending, recent] = await Promise.all([
      db().analysis.count({ where: { runId, status: { in: ["queued", "running"] } } }),
      db().analysis.count({ where: { runId, createdAt: { gt: new Date(Date.now() - 3_600_000) } } }),
    ]);
    if (pending > 0) throw new ActionFailure("conflict", "An analysis of this run is already under way.");
    if (recent >= RERUNS_PER_HOUR)
      throw new ActionFailure("rate_limited", `At most ${RERUNS_PER_HOUR} analyses per run and hour; try again later.`);
    const analysisId = await createAnalysis(runId);
    if (run.stepCount <= inlineAnalysisMaxSteps()) {
      // In a sandbox process with the inline budget; past it, the background worker takes over.
      after(() =>
        scheduleAnalysis(runId, run.stepCount, analysisId).catch((err) =>
          console.error(`[analysis] re-run of ${runId} failed:`, err),
        ),
      );
    } else {
      await enqueueAnalysis(analysisId);
    }
    revalidatePath(`/runs/${runId}`);
    return { analysisId };
  },
);
