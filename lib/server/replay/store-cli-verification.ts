import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { REPLAY_METHODS } from "@/lib/replay/verify-by-replay";
import { CLI_VERIFICATION_PREFIX } from "@/lib/replay/verification-view";
import { db } from "../db";
import { jsonText } from "../copy-rows";
import { pool } from "../pg-pool";
import { redactCommandLine } from "@/lib/text/redact-secrets";

/**
 * A verification the CLI ran (`culprit verify <recording> --app URL`) and posts for storage beside
 * the offline verdict, as a finished `replay_verifications` row the run page shows like its own.
 * The result is checked for the fields the page reads; the rest is kept as sent (bounded by the
 * route's body limit).
 */
export const ZCliVerification = z.object({
  source: z.literal("culprit-record"),
  recordingId: z.string().max(128).optional(),
  command: z.string().max(2000).optional(),
  budget: z.number().int().min(0).max(10_000),
  result: z
    .object({
      methods: z.array(z.enum(REPLAY_METHODS)).max(REPLAY_METHODS.length),
      offline: z.object({ agent: z.string().max(256).nullable(), stepId: z.string().max(256).nullable() }),
      confirmedAgent: z.string().max(256).nullable(),
      confirmedStepId: z.string().max(256).nullable(),
      agreement: z.enum(["agrees", "disagrees", "inconclusive"]),
      agreementNote: z.string().max(2000),
      replays: z.number().int().min(0).max(10_000),
      cacheHits: z.number().int().min(0).max(10_000),
    })
    .passthrough(),
  log: z.array(z.record(z.string(), z.unknown())).max(10_000),
  proxyReplays: z.array(z.record(z.string(), z.unknown())).max(10_000).optional(),
});
export type CliVerification = z.infer<typeof ZCliVerification>;

/** True when `userId` uploaded the run (through a session or one of their keys). */
export async function runUploadedBy(runId: string, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  return (await db().run.count({ where: { id: runId, uploadedByUserId: userId } })) > 0;
}

export async function storeCliVerification(runId: string, v: CliVerification): Promise<{ id: string } | null> {
  const prisma = db();
  const run = await prisma.run.findUnique({ where: { id: runId }, select: { id: true } });
  if (!run) return null;
  const analysis = await prisma.analysis.findFirst({
    where: { runId, status: "done" },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  const id = randomUUID();
  const result = {
    ...v.result,
    ...(v.proxyReplays ? { proxyReplays: v.proxyReplays } : {}),
    ...(v.recordingId ? { recordingId: v.recordingId } : {}),
  };
  await pool().query(
    `INSERT INTO replay_verifications (id, "runId", "analysisId", endpoint, method, status, budget, "replayCount", "cacheHits", progress, interventions, result, agreement, "offlineAgent", "confirmedAgent", "finishedAt")
     VALUES ($1, $2, $3, $4, $5, 'done', $6, $7, $8, 1, $9::jsonb, $10::jsonb, $11, $12, $13, now())`,
    [
      id,
      runId,
      analysis?.id ?? null,
      // The command line may hold a secret (`env API_KEY=… node app.mjs`): viewers see this text.
      `${CLI_VERIFICATION_PREFIX}${v.command ? redactCommandLine(v.command) : "(command not given)"}`.slice(0, 2000),
      v.result.methods.join("+"),
      v.budget,
      v.result.replays,
      v.result.cacheHits,
      jsonText(v.log),
      jsonText(result),
      v.result.agreement,
      v.result.offline.agent,
      v.result.confirmedAgent,
    ],
  );
  return { id };
}
