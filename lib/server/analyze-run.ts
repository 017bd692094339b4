import "server-only";
import { randomUUID } from "node:crypto";
import { ENGINE_VERSION } from "@/lib/attribution";
import { db } from "./db";
import { loadTrace } from "./load-trace";
import { jsonText } from "./copy-rows";
import { pool } from "./pg-pool";
import { judgeEvidence } from "./judge-evidence";
import { analysisListColumns } from "./analysis-columns";
import { runInSandbox, SandboxLimitError } from "./sandbox/sandbox-pool";
import { analysisDeadlineMs, analysisTimeoutMs } from "./limits";

/** How often a running analysis writes its heartbeat, and when a silent one counts as orphaned. */
export const HEARTBEAT_EVERY_MS = 10_000;
export const HEARTBEAT_STALE_SECONDS = 40;
/**
 * SQL: a running row left by a dead process. `stale` names the parameter holding
 * HEARTBEAT_STALE_SECONDS; `legacy` the one for rows written before heartbeats existed, which keep
 * the old rule (started longer ago than the analysis deadline).
 */
export const runningOrphaned = (
  stale: string,
  legacy: string,
) => `("heartbeatAt" < now() - make_interval(secs => ${stale})
  OR ("heartbeatAt" IS NULL AND ("startedAt" IS NULL OR "startedAt" < now() - make_interval(secs => ${legacy}))))`;

/** Creates a queued analysis row for a run; the worker or an inline call fills it. */
export async function createAnalysis(runId: string): Promise<string> {
  const id = randomUUID();
  await db().analysis.create({ data: { id, runId, engineVersion: ENGINE_VERSION, status: "queued", config: {} } });
  return id;
}

/** The analysis gave up because of its deadline while `deferOnTimeout` was set: queue it instead. */
export class AnalysisDeferred extends Error {}

export interface PerformOptions {
  /** Deadline of the engine run; default CULPRIT_ANALYSIS_TIMEOUT_SECONDS. */
  timeoutMs?: number;
  /** On timeout, put the row back to `queued` and throw AnalysisDeferred instead of failing it. */
  deferOnTimeout?: boolean;
}

/**
 * Runs the engine over a stored run and stores the result under `analysisId`, reporting coarse
 * progress in the row so the page can show it. Earlier analyses are kept (newest wins).
 *
 * The row is claimed atomically (queued, or running but older than the deadline, i.e. left by a
 * dead process), so a job delivered twice runs once. The engine runs in a sandbox process with a
 * memory cap and a deadline; over either, the analysis fails with a message naming the limit.
 */
export async function performAnalysis(analysisId: string, options: PerformOptions = {}): Promise<void> {
  const claim = await pool().query<{ runId: string }>(
    `UPDATE analyses SET status = 'running', progress = 0.1, "startedAt" = now(), "heartbeatAt" = now()
     WHERE id = $1 AND (status = 'queued' OR (status = 'running' AND ${runningOrphaned("$2", "$3")}))
     RETURNING "runId"`,
    [analysisId, HEARTBEAT_STALE_SECONDS, analysisTimeoutMs() / 1000 + 60],
  );
  if (claim.rowCount === 0) {
    const exists = await pool().query(`SELECT 1 FROM analyses WHERE id = $1`, [analysisId]);
    if (exists.rowCount === 0) throw new Error(`analysis ${analysisId} not found`);
    return; // done, failed, or running elsewhere
  }
  // While this process works on it, the row says so every few seconds: a row whose heartbeat
  // stopped belongs to a dead process and is re-queued within a minute (review M-6).
  const heartbeat = setInterval(() => {
    pool()
      .query(`UPDATE analyses SET "heartbeatAt" = now() WHERE id = $1 AND status = 'running'`, [analysisId])
      .catch(() => {});
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  try {
    await analyzeClaimed(analysisId, claim.rows[0].runId, options);
  } finally {
    clearInterval(heartbeat);
  }
}

async function analyzeClaimed(analysisId: string, runId: string, options: PerformOptions): Promise<void> {
  const prisma = db();
  try {
    const trace = await loadTrace(runId);
    if (!trace) throw new Error(`run ${runId} not found`);
    const timeoutMs = options.timeoutMs ?? analysisDeadlineMs(trace.steps.length);
    await prisma.analysis.update({ where: { id: analysisId }, data: { progress: 0.3 } });
    const extraEvidence = await judgeEvidence(trace);
    const report = await runInSandbox(
      "analyze",
      { trace, config: extraEvidence.length ? { extraEvidence } : {} },
      { timeoutMs },
    );
    await prisma.analysis.update({ where: { id: analysisId }, data: { progress: 0.9 } });
    // Raw SQL: the report can be tens of MB for huge runs; skip Prisma's JSON round trip.
    const cols = analysisListColumns(report);
    await pool().query(
      `UPDATE analyses SET status = 'done', progress = 1, result = $2::jsonb, "engineVersion" = $3, config = $4::jsonb,
         "culpritAgent" = $5, "interactionClass" = $6, "verificationCost" = $7, "redundancyShare" = $8, "flagKinds" = $9::text[],
         "trajectoryMetrics" = $10::jsonb, "agentFigures" = $11::jsonb, "signatureFields" = $12::jsonb, "detectorHits" = $13::jsonb,
         "finishedAt" = now() WHERE id = $1`,
      [
        analysisId,
        jsonText(report),
        report.engineVersion,
        jsonText(report.config ?? {}),
        cols.culpritAgent,
        cols.interactionClass,
        cols.verificationCost,
        cols.redundancyShare,
        cols.flagKinds,
        cols.trajectoryMetrics && jsonText(cols.trajectoryMetrics),
        cols.agentFigures && jsonText(cols.agentFigures),
        cols.signatureFields && jsonText(cols.signatureFields),
        jsonText(cols.detectorHits),
      ],
    );
  } catch (err) {
    if (options.deferOnTimeout && err instanceof SandboxLimitError && err.limit === "time") {
      await pool().query(`UPDATE analyses SET status = 'queued', progress = 0, "startedAt" = NULL WHERE id = $1`, [
        analysisId,
      ]);
      throw new AnalysisDeferred(err.message);
    }
    const message = err instanceof Error ? err.message : String(err);
    await prisma.analysis.update({
      where: { id: analysisId },
      data: { status: "failed", error: message, finishedAt: new Date() },
    });
    // A limit is a property of the run: retrying would hit it again.
    if (err instanceof SandboxLimitError) return;
    throw err;
  }
}
