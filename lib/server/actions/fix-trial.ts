"use server";
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { MAX_INSTRUCTION } from "@/lib/replay/protocol";
import { DEFAULT_FIX_RUNS } from "@/lib/replay/try-fix";
import { isRunId } from "../ids";
import { getFailurePatterns } from "../queries/failure-patterns";
import { APP_MAX_FIX_RUNS, cancelFixTrial, createFixTrial, performFixTrial } from "../fixes/fix-trial";
import { getFixTrial } from "../fixes/fix-trial-rows";
import { ActionFailure, defineAction } from "./define-action";

const ZId = z.string().refine(isRunId, "Unknown id.");
/** Runs of a pattern one click may try the fix on. */
const MAX_PATTERN_RUNS = 5;

const run = (id: string, search: boolean) => () =>
  performFixTrial(id, search).catch((err) => console.error(`[fix] trial ${id} crashed:`, err));

/**
 * "Try this fix": replays the run with the corrective instruction appended to one agent's system
 * prompt, through the system's replay endpoint (owners only: it re-executes the real system; the
 * replay budget bounds it). Returns at once; the page polls `fixTrialStatus`.
 */
export const startFixTrial = defineAction(
  {
    input: z.object({
      runId: ZId,
      agent: z.string().min(1).max(256).optional(),
      instruction: z.string().min(1).max(MAX_INSTRUCTION).optional(),
      runs: z.number().int().min(1).max(APP_MAX_FIX_RUNS).default(DEFAULT_FIX_RUNS),
    }),
    role: "owner",
  },
  async ({ runId, agent, instruction, runs }) => {
    const created = await createFixTrial(runId, { agent, instruction, runs });
    if (!created.ok) throw new ActionFailure("conflict", created.message);
    if (!created.existing) after(run(created.trialId, !agent && !instruction));
    revalidatePath(`/runs/${runId}`);
    return { trialId: created.trialId };
  },
);

/** Current state of a fix trial, for polling (anyone who may read runs). */
export const fixTrialStatus = defineAction({ input: z.object({ trialId: ZId }), role: "viewer" }, async ({ trialId }) =>
  getFixTrial(trialId),
);

/** Cancels a queued or running fix trial (owners only). */
export const cancelFixTrialAction = defineAction(
  { input: z.object({ trialId: ZId }), role: "owner" },
  async ({ trialId }) => {
    if (!(await cancelFixTrial(trialId))) throw new ActionFailure("conflict", "This fix trial has already finished.");
    return { message: "Cancelling…" };
  },
);

/**
 * Tries a pattern's fix on up to k of its runs that a replay endpoint can replay, one after the
 * other (the agent whose fix put the run in the pattern, with the pattern's instruction); the pattern then shows on how
 * many of them it flipped the outcome.
 */
export const tryPatternFix = defineAction(
  {
    input: z.object({
      system: z.string().min(1).max(256).optional(),
      patternId: z.string().min(1).max(300),
      k: z.number().int().min(1).max(MAX_PATTERN_RUNS).default(MAX_PATTERN_RUNS),
    }),
    role: "owner",
  },
  async ({ system, patternId, k }) => {
    const patterns = await getFailurePatterns({ system });
    const pattern = patterns.patterns.find((p) => p.id === patternId);
    if (!pattern) throw new ActionFailure("not_found", "This pattern no longer exists.");
    const started: string[] = [];
    const refused: string[] = [];
    for (const [i, runId] of pattern.runIds.entries()) {
      if (started.length >= k) break;
      const created = await createFixTrial(runId, {
        agent: pattern.runAgents[i],
        instruction: pattern.instruction,
        runs: DEFAULT_FIX_RUNS,
      });
      if (created.ok && !created.existing) started.push(created.trialId);
      else if (!created.ok) refused.push(created.message);
    }
    if (started.length === 0)
      throw new ActionFailure("conflict", refused[0] ?? "No run of this pattern can be replayed now.");
    after(async () => {
      for (const id of started) await run(id, false)();
    });
    return { trials: started.length };
  },
);
