import "server-only";
import { db } from "../db";
import { isRunId } from "../ids";

export interface ShareLinkRow {
  token: string;
  createdAt: string;
  revokedAt: string | null;
  expiresAt: string | null;
}

export type ShareLinkListRow = {
  token: string;
  runId: string;
  runTitle: string;
  createdAt: string;
  expiresAt: string | null;
};

/** Share links of a run, newest first (revoked ones too, so the owner sees what was revoked). */
export async function listShareLinks({ runId }: { runId: string }): Promise<ShareLinkRow[]> {
  if (!isRunId(runId)) return [];
  const rows = await db().shareLink.findMany({ where: { runId }, orderBy: { createdAt: "desc" } });
  return rows.map((r) => ({
    token: r.token,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

/** Live (not revoked, not expired) share links of all runs, newest first, for owners to review. */
export async function listLiveShareLinks(limit = 500): Promise<ShareLinkListRow[]> {
  const rows = await db().shareLink.findMany({
    where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    orderBy: { createdAt: "desc" },
    take: limit,
    include: { run: { select: { title: true } } },
  });
  return rows.map((r) => ({
    token: r.token,
    runId: r.runId,
    runTitle: r.run.title,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

const TOKEN_RE = /^[A-Za-z0-9_-]{22,64}$/;

/** The run behind a live share link (and the view state it was created with); undefined when unknown, revoked or expired. */
export async function resolveShareToken({
  token,
}: {
  token: string;
}): Promise<{ runId: string; viewState: string | null } | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const link = await db().shareLink.findUnique({ where: { token } });
  if (!link || link.revokedAt || (link.expiresAt && link.expiresAt.getTime() <= Date.now())) return undefined;
  return { runId: link.runId, viewState: typeof link.viewState === "string" ? link.viewState : null };
}
