import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { db } from "../db";
import { config } from "../config";

/**
 * Per-user API keys for machine clients (POST /api/runs, /v1/traces). A key is 256 random bits;
 * only its sha-256 is stored (a fast hash is enough for a uniformly random secret of that size),
 * so the database never holds a usable key. The key is shown once, when created.
 */
const PREFIX = "culprit_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export async function createApiKey(userId: string, name: string): Promise<{ id: string; key: string; prefix: string }> {
  const key = PREFIX + randomBytes(32).toString("base64url");
  const id = randomUUID();
  const prefix = key.slice(0, PREFIX.length + 6);
  await db().apiKey.create({ data: { id, userId, name, prefix, hash: hashApiKey(key) } });
  return { id, key, prefix };
}

export type ApiKeyRow = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; owner: string };

export async function listApiKeys(userId: string | null): Promise<ApiKeyRow[]> {
  const rows = await db().apiKey.findMany({
    where: { revokedAt: null, ...(userId ? { userId } : {}) },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: { user: { select: { email: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    owner: r.user.email,
  }));
}

/** Revokes a key; only its creator may (or, with `anyUser`, an owner managing everyone's). */
export async function revokeApiKey(id: string, userId: string | null): Promise<boolean> {
  const { count } = await db().apiKey.updateMany({ where: { id, revokedAt: null, ...(userId ? { userId } : {}) }, data: { revokedAt: new Date() } });
  return count > 0;
}

/** Which credential a bearer token is: the bootstrap `CULPRIT_API_KEY`, a live user key, or none. */
export async function verifyBearer(token: string): Promise<{ kind: "bootstrap" } | { kind: "user-key"; userId: string } | null> {
  if (!token || token.length > 512) return null;
  const bootstrap = config().CULPRIT_API_KEY;
  if (bootstrap) {
    const a = Buffer.from(token);
    const b = Buffer.from(bootstrap);
    if (a.length === b.length && timingSafeEqual(a, b)) return { kind: "bootstrap" };
  }
  if (!token.startsWith(PREFIX)) return null;
  // Lookup by hash: equal-time comparison is moot, the attacker does not know any stored hash's preimage.
  const row = await db().apiKey.findUnique({ where: { hash: hashApiKey(token) }, select: { id: true, userId: true, revokedAt: true } });
  if (!row || row.revokedAt) return null;
  await db()
    .apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } })
    .catch(() => {});
  return { kind: "user-key", userId: row.userId };
}
