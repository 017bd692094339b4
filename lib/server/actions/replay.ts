"use server";
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import type { ReplayVerificationView } from "@/lib/replay/verification-view";
import { isRunId } from "../queries/get-run-view";
import { createVerification, performVerification, cancelVerification } from "../replay/verify-run";
import { getVerification } from "../replay/verification-rows";

export type StartReplayResult = { ok: true; verificationId: string } | { ok: false; message: string };

/**
 * Starts verifying a run's offline verdict by replay against its system's configured endpoint and
 * returns at once; the replays run after the response and the page polls `replayVerificationStatus`.
 */
export async function startReplayVerification(runId: string): Promise<StartReplayResult> {
  if (typeof runId !== "string" || !isRunId(runId)) return { ok: false, message: "Unknown run." };
  const created = await createVerification(runId);
  if (!created.ok) return created;
  if (!created.existing)
    after(() => performVerification(created.verificationId).catch((err) => console.error(`[replay] verification ${created.verificationId} crashed:`, err)));
  revalidatePath(`/runs/${runId}`);
  return { ok: true, verificationId: created.verificationId };
}

/** Current state of a verification, for polling. */
export async function replayVerificationStatus(verificationId: string): Promise<ReplayVerificationView | null> {
  if (typeof verificationId !== "string" || !isRunId(verificationId)) return null;
  return getVerification(verificationId);
}

/** Cancels a queued or running verification; what was replayed so far stays stored. */
export async function cancelReplayVerification(verificationId: string): Promise<{ ok: boolean; message: string }> {
  if (typeof verificationId !== "string" || !isRunId(verificationId)) return { ok: false, message: "Unknown verification." };
  const cancelled = await cancelVerification(verificationId);
  return cancelled ? { ok: true, message: "Cancelling…" } : { ok: false, message: "This verification has already finished." };
}
