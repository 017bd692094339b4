import "server-only";
import { randomUUID } from "node:crypto";
import { analyzeTrace, ENGINE_VERSION } from "@/lib/attribution";
import { db } from "./db";
import { loadTrace } from "./load-trace";
import { jsonText } from "./copy-rows";
import { pool } from "./pg-pool";
import { judgeEvidence } from "./judge-evidence";
import { analysisListColumns } from "./analysis-columns";

/** Creates a queued analysis row for a run; the worker or an inline call fills it. */
export async function createAnalysis(runId: string): Promise<string> {
  const id = randomUUID();
  await db().analysis.create({ data: { id, runId, engineVersion: ENGINE_VERSION, status: "queued", config: {} } });
  return id;
}

/**
 * Runs the engine over a stored run and stores the result under `analysisId`, reporting coarse
 * progress in the row so the page can show it. Earlier analyses are kept (newest wins).
 */
export async function performAnalysis(analysisId: string): Promise<void> {
  const prisma = db();
  const analysis = await prisma.analysis.findUnique({ where: { id: analysisId } });
  if (!analysis) throw new Error(`analysis ${analysisId} not found`);
  await prisma.analysis.update({ where: { id: analysisId }, data: { status: "running", progress: 0.1 } });
  try {
    const trace = await loadTrace(analysis.runId);
    if (!trace) throw new Error(`run ${analysis.runId} not found`);
    await prisma.analysis.update({ where: { id: analysisId }, data: { progress: 0.3 } });
    const extraEvidence = await judgeEvidence(trace);
    const report = analyzeTrace(trace, extraEvidence.length ? { extraEvidence } : {});
    await prisma.analysis.update({ where: { id: analysisId }, data: { progress: 0.9 } });
    // Raw SQL: the report can be tens of MB for huge runs; skip Prisma's JSON round trip.
    const cols = analysisListColumns(report);
    await pool().query(
      `UPDATE analyses SET status = 'done', progress = 1, result = $2::jsonb, "engineVersion" = $3, config = $4::jsonb,
         "culpritAgent" = $5, "interactionClass" = $6, "verificationCost" = $7, "redundancyShare" = $8, "flagKinds" = $9::text[], "finishedAt" = now() WHERE id = $1`,
      [analysisId, jsonText(report), report.engineVersion, jsonText(report.config ?? {}), cols.culpritAgent, cols.interactionClass, cols.verificationCost, cols.redundancyShare, cols.flagKinds],
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await prisma.analysis.update({ where: { id: analysisId }, data: { status: "failed", error: message, finishedAt: new Date() } });
    throw err;
  }
}
