import "server-only";
import type { ReplayVerificationView } from "@/lib/replay/verification-view";
import type { ReplayLogEntry } from "@/lib/replay/replay-session";
import type { VerificationResult } from "@/lib/replay/verify-by-replay";
import { redactUrl } from "@/lib/replay/redact-url";
import { CLI_VERIFICATION_PREFIX } from "@/lib/replay/verification-view";
import { db } from "../db";

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["replayVerification"]["findUnique"]>>>;

export function toView(row: Row): ReplayVerificationView {
  return {
    id: row.id,
    runId: row.runId,
    status: row.status,
    // Only scheme, host and path: credentials an operator put in the URL stay on the server (F-14).
    // A CLI verification's "endpoint" is the replayed command (environment names only, never values).
    endpoint: row.endpoint.startsWith(CLI_VERIFICATION_PREFIX) ? row.endpoint : redactUrl(row.endpoint),
    method: row.method,
    budget: row.budget,
    replayCount: row.replayCount,
    cacheHits: row.cacheHits,
    progress: row.progress,
    interventions: (Array.isArray(row.interventions) ? row.interventions : []) as unknown as ReplayLogEntry[],
    result: (row.result ?? null) as unknown as VerificationResult | null,
    agreement: row.agreement,
    offlineAgent: row.offlineAgent,
    confirmedAgent: row.confirmedAgent,
    error: row.error,
    cancelRequested: row.cancelRequested,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The newest verification of a run, or null. */
export async function latestVerification(runId: string): Promise<ReplayVerificationView | null> {
  const row = await db().replayVerification.findFirst({ where: { runId }, orderBy: { createdAt: "desc" } });
  return row ? toView(row) : null;
}

export async function getVerification(id: string): Promise<ReplayVerificationView | null> {
  const row = await db().replayVerification.findUnique({ where: { id } });
  return row ? toView(row) : null;
}
