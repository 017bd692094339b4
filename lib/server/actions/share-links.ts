"use server";
import { randomBytes } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { db } from "../db";
import { isRunId } from "../ids";
import { ActionFailure, defineAction } from "./define-action";

/** Choosable lifetimes in days; 0 = never expires. The default is 30 days. (Not exported: a "use server" file exports only actions.) */
const SHARE_LINK_DAYS = [1, 7, 30, 90, 0] as const;

const ZCreate = z.object({
  runId: z.string().refine(isRunId, "Unknown run."),
  viewState: z.string().max(4000, "View state is too long.").default(""),
  expiresInDays: z
    .number()
    .int()
    .refine((d) => (SHARE_LINK_DAYS as readonly number[]).includes(d), "Pick one of the offered lifetimes.")
    .default(30),
});

/**
 * Creates a read-only link to a run (owners only). The token is 192 random bits (base64url), so links
 * cannot be guessed or enumerated; `viewState` (a query string) is the view the link opens with.
 */
export const createShareLink = defineAction(
  { input: ZCreate, role: "owner" },
  async ({ runId, viewState, expiresInDays }, { principal }) => {
    const run = await db().run.findUnique({ where: { id: runId }, select: { id: true } });
    if (!run) throw new ActionFailure("not_found", "Unknown run.");
    const token = randomBytes(24).toString("base64url");
    const expiresAt = expiresInDays > 0 ? new Date(Date.now() + expiresInDays * 86_400_000) : null;
    await db().shareLink.create({
      data: { token, runId, viewState: viewState || undefined, expiresAt, createdBy: principal.userId },
    });
    revalidatePath(`/runs/${runId}`);
    return {
      token,
      url: `/s/${token}${viewState ? `?${viewState}` : ""}`,
      expiresAt: expiresAt?.toISOString() ?? null,
    };
  },
);

/** Revokes a share link (owners only); its URL answers 404 from then on. Revoking twice is harmless. */
export const revokeShareLink = defineAction(
  { input: z.object({ token: z.string().min(1).max(128) }), role: "owner" },
  async ({ token }) => {
    const link = await db().shareLink.findUnique({ where: { token } });
    if (!link) throw new ActionFailure("not_found", "Unknown link.");
    if (!link.revokedAt) await db().shareLink.update({ where: { token }, data: { revokedAt: new Date() } });
    revalidatePath(`/runs/${link.runId}`);
    revalidatePath(`/s/${token}`);
    revalidatePath("/settings");
    return { revoked: true };
  },
);
