"use server";
import { randomBytes } from "node:crypto";
import { revalidatePath } from "next/cache";
import { db } from "../db";
import { isRunId } from "../queries/get-run-view";

export type ShareResult = { ok: true; token: string; url: string } | { ok: false; message: string };

/**
 * Creates a read-only link to a run. The token is 192 random bits (base64url), so links cannot be
 * guessed or enumerated; `viewState` (a query string) is the view the link opens with.
 */
export async function createShareLink(runId: string, viewState: string = ""): Promise<ShareResult> {
  if (typeof runId !== "string" || !isRunId(runId)) return { ok: false, message: "Unknown run." };
  if (typeof viewState !== "string" || viewState.length > 4000) return { ok: false, message: "View state is too long." };
  const run = await db().run.findUnique({ where: { id: runId }, select: { id: true } });
  if (!run) return { ok: false, message: "Unknown run." };
  const token = randomBytes(24).toString("base64url");
  await db().shareLink.create({ data: { token, runId, viewState: viewState || undefined } });
  revalidatePath(`/runs/${runId}`);
  return { ok: true, token, url: `/s/${token}${viewState ? `?${viewState}` : ""}` };
}

/** Revokes a share link; its URL answers 404 from then on. Revoking twice is harmless. */
export async function revokeShareLink(token: string): Promise<{ ok: boolean; message?: string }> {
  if (typeof token !== "string" || token.length > 128) return { ok: false, message: "Unknown link." };
  const link = await db().shareLink.findUnique({ where: { token } });
  if (!link) return { ok: false, message: "Unknown link." };
  if (!link.revokedAt) await db().shareLink.update({ where: { token }, data: { revokedAt: new Date() } });
  revalidatePath(`/runs/${link.runId}`);
  revalidatePath(`/s/${token}`);
  return { ok: true };
}
