import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { MAX_INSTRUCTION } from "@/lib/replay/protocol";
import { MAX_FIX_RUNS } from "@/lib/replay/try-fix";
import { db } from "../db";

const name = z.string().min(1).max(256);

/** What `culprit fix --app` posts: the finished trial, bounded. */
export const ZCliFixTrial = z
  .object({
    agent: name,
    fixType: z.string().min(1).max(100),
    instruction: z.string().min(1).max(MAX_INSTRUCTION),
    runs: z.number().int().min(1).max(MAX_FIX_RUNS),
    flipped: z.number().int().min(0),
    interval: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]),
    verdict: z.enum(["cures", "does-not-cure", "too-few-runs"]),
    baseline: z.enum(["success", "failure"]),
    offlineAgent: name.nullable(),
    screened: z.array(z.object({ agent: name, outcome: z.enum(["success", "failure"]) })).max(50),
    finding: z.string().max(100).optional(),
    channel: z.string().max(50).optional(),
  })
  .refine((t) => t.flipped <= t.runs, { message: "flipped exceeds runs", path: ["flipped"] });

export async function storeCliFixTrial(runId: string, t: z.infer<typeof ZCliFixTrial>): Promise<{ id: string } | null> {
  const run = await db().run.findUnique({ where: { id: runId }, select: { id: true } });
  if (!run) return null;
  const id = randomUUID();
  const { agent, fixType, instruction, runs, flipped, ...result } = t;
  await db().fixTrial.create({
    data: {
      id,
      runId,
      agent,
      fixType,
      instruction,
      runs,
      done: runs,
      flipped,
      source: "cli",
      status: "done",
      replays: result,
      finishedAt: new Date(),
    },
  });
  return { id };
}
