import "server-only";
import { readStoredReport } from "../read-report";
import { randomUUID } from "node:crypto";
import { analyzeTrace } from "@/lib/attribution";
import { contentHash } from "@/lib/trace/content-hash";
import { checkEndpoint, httpReplay } from "@/lib/replay/http-replay";
import { ReplaySession } from "@/lib/replay/replay-session";
import { ReplayError } from "@/lib/replay/replay-error";
import { resolveReplayEndpoint, resolveReplayToken, systemEnvName } from "@/lib/replay/replay-endpoints";
import { replayRunOf } from "@/lib/replay/replay-run";
import {
  verifyByReplay,
  DEFAULT_REPLAY_METHODS,
  REPLAY_METHODS,
  type ReplayMethod,
} from "@/lib/replay/verify-by-replay";
import { db } from "../db";
import { pool } from "../pg-pool";
import { jsonText } from "../copy-rows";
import { loadTrace } from "../load-trace";
import { pgReplayCache } from "./replay-cache-store";
import { recordedRunHint } from "./recorded-run-hint";
import { config } from "../config";

export interface VerificationOptions {
  /** Overrides the configured endpoint of the run's system. */
  endpoint?: string;
  budget?: number;
  methods?: ReplayMethod[];
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export type CreateVerificationResult =
  | { ok: true; verificationId: string; existing: boolean }
  | { ok: false; message: string };

/** Verifications running in this process, so a cancel reaches the replay in flight at once. */
const controllers = new Map<string, AbortController>();

/**
 * Validates the run and its replay endpoint and stores a queued verification. A run with a
 * verification already queued or running gets that one back (a double click starts nothing new).
 */
export async function createVerification(
  runId: string,
  options: VerificationOptions = {},
): Promise<CreateVerificationResult> {
  const prisma = db();
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: { id: true, system: true, outcome: true, attributes: true },
  });
  if (!run) return { ok: false, message: "Unknown run." };
  // A verification left queued/running by a process that died would block the run forever.
  await pool().query(
    `UPDATE replay_verifications SET status = 'failed', error = 'interrupted: the server stopped while it ran', "finishedAt" = now()
     WHERE "runId" = $1 AND status IN ('queued', 'running') AND "createdAt" < now() - make_interval(mins => $2)`,
    [runId, config().CULPRIT_REPLAY_STALE_MINUTES],
  );
  const active = await prisma.replayVerification.findFirst({
    where: { runId, status: { in: ["queued", "running"] } },
    select: { id: true },
  });
  if (active) return { ok: true, verificationId: active.id, existing: true };
  let endpoint: string | undefined;
  try {
    endpoint = options.endpoint ?? resolveReplayEndpoint(run.system ?? undefined, config().replayEnv);
    if (!endpoint)
      return {
        ok: false,
        message:
          recordedRunHint(run.attributes) ??
          `No replay endpoint is configured for ${run.system ? `system "${run.system}"` : "this run (it names no system)"}: set ${run.system ? systemEnvName(run.system) : "CULPRIT_REPLAY_ENDPOINTS"}.`,
      };
    checkEndpoint(endpoint);
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const methods = (options.methods ?? DEFAULT_REPLAY_METHODS).filter((m) =>
    (REPLAY_METHODS as readonly string[]).includes(m),
  );
  const budget = options.budget ?? config().CULPRIT_REPLAY_BUDGET;
  const analysis = await prisma.analysis.findFirst({
    where: { runId, status: "done" },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  const id = randomUUID();
  await prisma.replayVerification.create({
    data: {
      id,
      runId,
      analysisId: analysis?.id ?? null,
      endpoint,
      method: methods.join("+"),
      status: "queued",
      budget,
    },
  });
  return { ok: true, verificationId: id, existing: false };
}

/**
 * Runs a queued verification to the end, persisting every replay as it happens. The final state
 * (done, failed or cancelled, with the replays made so far) is written in one statement, and the
 * offline analysis is only read, never written.
 */
export async function performVerification(id: string, options: VerificationOptions = {}): Promise<void> {
  const prisma = db();
  const claimed = await pool().query<{
    runId: string;
    endpoint: string;
    budget: number;
    method: string;
    analysisId: string | null;
  }>(
    `UPDATE replay_verifications SET status = 'running' WHERE id = $1 AND status = 'queued' AND NOT "cancelRequested" RETURNING "runId", endpoint, budget, method, "analysisId"`,
    [id],
  );
  const row = claimed.rows[0];
  if (!row) {
    await finish(id, { status: "cancelled", error: "cancelled before it started" }, [], 0, 0, "AND status = 'queued'");
    return;
  }
  const controller = new AbortController();
  controllers.set(id, controller);
  let session: ReplaySession | undefined;
  try {
    const trace = await loadTrace(row.runId);
    if (!trace) throw new Error(`run ${row.runId} not found`);
    const stored = row.analysisId
      ? await prisma.analysis.findUnique({ where: { id: row.analysisId }, select: { result: true } })
      : null;
    // A stored report of an older engine is still the verdict the user asked to check.
    const report = readStoredReport(stored?.result)?.report ?? analyzeTrace(trace);
    const call = httpReplay({
      endpoint: row.endpoint,
      run: replayRunOf(trace, row.runId),
      token: resolveReplayToken(trace.run.system, config().replayEnv),
      timeoutMs: options.timeoutMs ?? config().CULPRIT_REPLAY_TIMEOUT_MS,
      retries: options.retries,
      backoffMs: options.backoffMs,
      signal: controller.signal,
    });
    const methods = row.method.split("+").filter(Boolean) as ReplayMethod[];
    let methodProgress = 0;
    session = new ReplaySession({
      call,
      budget: row.budget,
      cache: pgReplayCache(row.runId, contentHash(trace), row.endpoint),
      signal: controller.signal,
      onEntry: async (_entry, s) => {
        const { rows } = await pool().query<{ cancelRequested: boolean }>(
          `UPDATE replay_verifications SET "replayCount" = $2, "cacheHits" = $3, interventions = $4::jsonb, progress = $5 WHERE id = $1 RETURNING "cancelRequested"`,
          [id, s.replays, s.cacheHits, jsonText(s.log), Math.min(0.99, methodProgress)],
        );
        if (rows[0]?.cancelRequested) controller.abort(); // cancelled from another process
      },
    });
    const result = await verifyByReplay(trace, report, session, {
      methods,
      onMethod: async (_m, i, n) => {
        methodProgress = i / n;
        const { rows } = await pool().query<{ cancelRequested: boolean }>(
          `UPDATE replay_verifications SET progress = $2 WHERE id = $1 RETURNING "cancelRequested"`,
          [id, methodProgress],
        );
        if (rows[0]?.cancelRequested) controller.abort();
        if (controller.signal.aborted) throw new ReplayError("cancelled", "the verification was cancelled");
      },
    });
    await finish(
      id,
      {
        status: "done",
        result,
        agreement: result.agreement,
        offlineAgent: result.offline.agent,
        confirmedAgent: result.confirmedAgent,
      },
      session.log,
      session.replays,
      session.cacheHits,
    );
  } catch (err) {
    const cancelled = err instanceof ReplayError && err.code === "cancelled";
    const message =
      err instanceof ReplayError
        ? `${err.code}: ${err.message}`
        : `internal error: ${err instanceof Error ? err.message : String(err)}`;
    await finish(
      id,
      { status: cancelled ? "cancelled" : "failed", error: cancelled ? "cancelled by the user" : message },
      session?.log ?? [],
      session?.replays ?? 0,
      session?.cacheHits ?? 0,
    );
  } finally {
    controllers.delete(id);
  }
}

interface Final {
  status: "done" | "failed" | "cancelled";
  result?: unknown;
  agreement?: string;
  offlineAgent?: string | null;
  confirmedAgent?: string | null;
  error?: string;
}

async function finish(
  id: string,
  f: Final,
  log: unknown[],
  replays: number,
  cacheHits: number,
  extraWhere = "",
): Promise<void> {
  await pool().query(
    `UPDATE replay_verifications SET status = $2, result = $3::jsonb, agreement = $4, "offlineAgent" = $5, "confirmedAgent" = $6, error = $7,
       interventions = $8::jsonb, "replayCount" = $9, "cacheHits" = $10, progress = 1, "finishedAt" = now() WHERE id = $1 ${extraWhere}`,
    [
      id,
      f.status,
      f.result === undefined ? null : jsonText(f.result),
      f.agreement ?? null,
      f.offlineAgent ?? null,
      f.confirmedAgent ?? null,
      f.error ?? null,
      jsonText(log),
      replays,
      cacheHits,
    ],
  );
}

/**
 * Asks a verification to stop: the flag is stored (so any process running it sees it at its next
 * replay) and the replay in flight in this process is aborted at once.
 */
export async function cancelVerification(id: string): Promise<boolean> {
  const { rowCount } = await pool().query(
    `UPDATE replay_verifications SET "cancelRequested" = true WHERE id = $1 AND status IN ('queued', 'running')`,
    [id],
  );
  controllers.get(id)?.abort();
  if (rowCount)
    await finish(id, { status: "cancelled", error: "cancelled before it started" }, [], 0, 0, "AND status = 'queued'");
  return (rowCount ?? 0) > 0;
}
