"use server";
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { isRunId } from "../ids";
import { createVerification, performVerification, cancelVerification } from "../replay/verify-run";
import { getVerification } from "../replay/verification-rows";
import { ActionFailure, defineAction } from "./define-action";

const ZId = z.string().refine(isRunId, "Unknown id.");

/**
 * Starts verifying a run's offline verdict by replay against its system's configured endpoint
 * (owners only: it re-executes the real system) and returns at once; the replays run after the
 * response and the page polls `replayVerificationStatus`.
 */
export const startReplayVerification = defineAction(
  { input: z.object({ runId: ZId }), role: "owner" },
  async ({ runId }) => {
    const created = await createVerification(runId);
    if (!created.ok) throw new ActionFailure("conflict", created.message);
    if (!created.existing)
      after(() =>
        performVerification(created.verificationId).catch((err) =>
          console.error(`[replay] verification ${created.verificationId} crashed:`, err),
        ),
      );
    revalidatePath(`/runs/${runId}`);
    return { verificationId: created.verificationId };
  },
);

/** Current state of a verification, for polling (anyone who may read runs). */
export const replayVerificationStatus = defineAction(
  { input: z.object({ verificationId: ZId }), role: "viewer" },
  async ({ verificationId }) => getVerification(verificationId),
);

/** Cancels a queued or running verification (owners only); what was replayed so far stays stored. */
export const cancelReplayVerification = defineAction(
  { input: z.object({ verificationId: ZId }), role: "owner" },
  async ({ verificationId }) => {
    const cancelled = await cancelVerification(verificationId);
    if (!cancelled) throw new ActionFailure("conflict", "This verification has already finished.");
    return { message: "Cancelling…" };
  },
);
