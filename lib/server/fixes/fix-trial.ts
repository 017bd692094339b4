import "server-only";
import { randomUUID } from "node:crypto";
import { analyzeTrace } from "@/lib/attribution";
import { checkEndpoint, httpReplay } from "@/lib/replay/http-replay";
import { ReplayError } from "@/lib/replay/replay-error";
import { resolveReplayEndpoint, resolveReplayToken, systemEnvName } from "@/lib/replay/replay-endpoints";
import { replayRunOf } from "@/lib/replay/replay-run";
import { fixCandidates, tryFix, type FixCandidate } from "@/lib/replay/try-fix";
import type { Intervention, ReplayOutcome } from "@/lib/replay/protocol";
import { db } from "../db";
import { pool } from "../pg-pool";
import { jsonText } from "../copy-rows";
import { loadTrace } from "../load-trace";
import { readStoredReport } from "../read-report";
import { config } from "../config";

/** Replays of the fix per trial from the app: the CLI may run more, the web process keeps it short. */
export const APP_MAX_FIX_RUNS = 10;

export interface FixTrialRequest {
  /** The agent to fix; absent: screen the culprit candidates (as `culprit fix`). */
  agent?: string;
  instruction?: string;
  runs: number;
}

/** Trials running in this process, so a cancel reaches the replay in flight at once. */
const controllers = new Map<string, AbortController>();

async function reportAndTrace(runId: string) {
  const trace = await loadTrace(runId);
  if (!trace) return null;
  const stored = await db().analysis.findFirst({
    where: { runId, status: "done" },
    orderBy: { createdAt: "desc" },
    select: { result: true },
  });
  return { trace, report: readStoredReport(stored?.result)?.report ?? analyzeTrace(trace) };
}

/**
 * Stores a queued fix trial for a run whose system has a replay endpoint. A run with a trial
 * already queued or running gets that one back (a double click starts nothing new).
 */
export async function createFixTrial(
  runId: string,
  req: FixTrialRequest,
): Promise<{ ok: true; trialId: string; existing: boolean } | { ok: false; message: string }> {
  const run = await db().run.findUnique({ where: { id: runId }, select: { system: true } });
  if (!run) return { ok: false, message: "Unknown run." };
  await pool().query(
    `UPDATE fix_trials SET status = 'failed', error = 'interrupted: the server stopped while it ran', "finishedAt" = now()
     WHERE "runId" = $1 AND status IN ('queued', 'running') AND "createdAt" < now() - make_interval(mins => $2)`,
    [runId, config().CULPRIT_REPLAY_STALE_MINUTES],
  );
  const active = await db().fixTrial.findFirst({
    where: { runId, status: { in: ["queued", "running"] } },
    select: { id: true },
  });
  if (active) return { ok: true, trialId: active.id, existing: true };
  try {
    const endpoint = resolveReplayEndpoint(run.system ?? undefined, config().replayEnv);
    if (!endpoint)
      return {
        ok: false,
        message: `No replay endpoint is configured for this run's system: set ${run.system ? systemEnvName(run.system) : "CULPRIT_REPLAY_ENDPOINTS"}.`,
      };
    checkEndpoint(endpoint);
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const loaded = await reportAndTrace(runId);
  if (!loaded?.report.analyzedAsFailure)
    return { ok: false, message: "The run did not fail: there is nothing to fix." };
  const candidates = fixCandidates(loaded.report, loaded.trace);
  const first = (req.agent ? candidates.find((c) => c.agent === req.agent) : candidates[0]) ?? null;
  if (!first) return { ok: false, message: req.agent ? `No agent "${req.agent}" in this run.` : "No agent to fix." };
  const id = randomUUID();
  await db().fixTrial.create({
    data: {
      id,
      runId,
      agent: first.agent,
      fixType: first.fixType,
      instruction: req.instruction ?? first.instruction,
      source: "app",
      status: "queued",
      runs: req.runs,
    },
  });
  return { ok: true, trialId: id, existing: false };
}

/** Runs a queued trial to the end through the run's replay endpoint, recording each replay as it happens. */
export async function performFixTrial(id: string, search: boolean): Promise<void> {
  const claimed = await pool().query<{
    runId: string;
    agent: string;
    fixType: string;
    instruction: string;
    runs: number;
  }>(
    `UPDATE fix_trials SET status = 'running' WHERE id = $1 AND status = 'queued' AND NOT "cancelRequested" RETURNING "runId", agent, "fixType", instruction, runs`,
    [id],
  );
  const row = claimed.rows[0];
  if (!row) return void (await finish(id, "cancelled", "cancelled before it started", "AND status = 'queued'"));
  const controller = new AbortController();
  controllers.set(id, controller);
  try {
    const loaded = await reportAndTrace(row.runId);
    if (!loaded) throw new Error(`run ${row.runId} not found`);
    const endpoint = resolveReplayEndpoint(loaded.trace.run.system, config().replayEnv);
    if (!endpoint) throw new ReplayError("not_configured", "the replay endpoint is no longer configured");
    const call = httpReplay({
      endpoint,
      run: replayRunOf(loaded.trace, row.runId),
      token: resolveReplayToken(loaded.trace.run.system, config().replayEnv),
      timeoutMs: config().CULPRIT_REPLAY_TIMEOUT_MS,
      signal: controller.signal,
    });
    // The replay budget bounds the whole trial: baseline, screening and the runs.
    let spent = 0;
    const replay = async (ivs: Intervention[]): Promise<ReplayOutcome> => {
      const { rows } = await pool().query<{ cancelRequested: boolean }>(
        `SELECT "cancelRequested" FROM fix_trials WHERE id = $1`,
        [id],
      );
      if (rows[0]?.cancelRequested || controller.signal.aborted)
        throw new ReplayError("cancelled", "the fix trial was cancelled");
      if (++spent > config().CULPRIT_REPLAY_BUDGET)
        throw new ReplayError("budget_exhausted", `the replay budget (${config().CULPRIT_REPLAY_BUDGET}) is spent`);
      const outcome = (await call(ivs)).outcome;
      if (ivs[0]?.mode === "instruct") await progress(id, ivs[0].agent, outcome);
      return outcome;
    };
    const all = fixCandidates(loaded.report, loaded.trace);
    const own = all.find((c) => c.agent === row.agent);
    const chosen: FixCandidate = {
      ...own,
      agent: row.agent,
      fixType: row.fixType,
      instruction: row.instruction,
      author: own?.instruction === row.instruction ? own.author : "user",
    };
    const candidates = search ? [chosen, ...all.filter((c) => c.agent !== chosen.agent)] : [chosen];
    const r = await tryFix(replay, loaded.report, candidates, { runs: row.runs, search, signal: controller.signal });
    if (!r.trial)
      return void (await finish(
        id,
        "failed",
        r.baseline === "success" ? "the failure does not reproduce: the unchanged replay succeeded" : "no agent to fix",
      ));
    const { interval, verdict, finding, channel } = r.trial;
    const result = {
      interval,
      verdict,
      baseline: r.baseline,
      offlineAgent: r.offlineAgent,
      screened: r.screened,
      finding,
      channel,
    };
    await pool().query(
      `UPDATE fix_trials SET status = 'done', agent = $2, "fixType" = $3, instruction = $4, done = $5, flipped = $6, replays = $7::jsonb, "finishedAt" = now() WHERE id = $1`,
      [id, r.trial.agent, r.trial.fixType, r.trial.instruction, r.trial.runs, r.trial.flipped, jsonText(result)],
    );
  } catch (err) {
    const cancelled = err instanceof ReplayError && err.code === "cancelled";
    const message =
      err instanceof ReplayError
        ? `${err.code}: ${err.message}`
        : `internal error: ${err instanceof Error ? err.message : String(err)}`;
    await finish(id, cancelled ? "cancelled" : "failed", cancelled ? "cancelled by the user" : message);
  } finally {
    controllers.delete(id);
  }
}

/** Counts a replay of the fix under trial as it finishes (screening replays of other agents are not runs). */
async function progress(id: string, agent: string, outcome: ReplayOutcome): Promise<void> {
  await pool().query(
    `UPDATE fix_trials SET done = done + 1, flipped = flipped + $3 WHERE id = $1 AND agent = $2 AND done < runs`,
    [id, agent, outcome === "success" ? 1 : 0],
  );
}

async function finish(id: string, status: "failed" | "cancelled", error: string, extraWhere = ""): Promise<void> {
  await pool().query(
    `UPDATE fix_trials SET status = $2, error = $3, "finishedAt" = now() WHERE id = $1 ${extraWhere}`,
    [id, status, error],
  );
}

/** Asks a trial to stop: stored for any process running it, and the replay in flight here aborted at once. */
export async function cancelFixTrial(id: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE fix_trials SET "cancelRequested" = true WHERE id = $1 AND status IN ('queued', 'running')`,
    [id],
  );
  controllers.get(id)?.abort();
  if (rowCount) await finish(id, "cancelled", "cancelled before it started", "AND status = 'queued'");
  return (rowCount ?? 0) > 0;
}
