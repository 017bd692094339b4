import "server-only";
import { db } from "../db";

export type ShareLinkListRow = { token: string; runId: string; runTitle: string; createdAt: string; expiresAt: string | null };

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
