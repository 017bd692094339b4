import "server-only";
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { db } from "../db";
import { config } from "../config";
import { roleAllows, type Role } from "./roles";

/**
 * Per-user API keys for machine clients (POST /api/runs, /v1/traces). A key is 256 random bits;
 * only its sha-256 is stored (a fast hash is enough for a uniformly random secret of that size),
 * so the database never holds a usable key. The key is shown once, when created.
 * A key carries its own role (at most its creator's), scope and expiry; at use its role is further
 * capped by its user's current role, so a demoted or removed person's keys lose their rights at once.
 */
const PREFIX = "culprit_";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** What a key may do: send runs and spans, and (with "ingest-verify") store CLI verification results. */
export const API_KEY_SCOPES = ["ingest", "ingest-verify"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const DEFAULT_KEY_DAYS = 90;

export async function createApiKey(
  userId: string,
  name: string,
  options: { role?: Role; scope?: ApiKeyScope; expiresInDays?: number | null } = {},
): Promise<{ id: string; key: string; prefix: string }> {
  const key = PREFIX + randomBytes(32).toString("base64url");
  const id = randomUUID();
  const prefix = key.slice(0, PREFIX.length + 6);
  const days = options.expiresInDays === undefined ? DEFAULT_KEY_DAYS : options.expiresInDays;
  const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
  await db().apiKey.create({
    data: {
      id,
      userId,
      name,
      prefix,
      hash: hashApiKey(key),
      role: options.role ?? "owner",
      scope: options.scope ?? "ingest",
      expiresAt,
    },
  });
  return { id, key, prefix };
}

export type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  owner: string;
  role: Role;
  scope: string;
  expiresAt: string | null;
};

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
    role: r.role,
    scope: r.scope,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

/** Revokes a key; only its creator may (or, with `anyUser`, an owner managing everyone's). */
export async function revokeApiKey(id: string, userId: string | null): Promise<boolean> {
  const { count } = await db().apiKey.updateMany({
    where: { id, revokedAt: null, ...(userId ? { userId } : {}) },
    data: { revokedAt: new Date() },
  });
  return count > 0;
}

export type BearerKey =
  | { kind: "bootstrap" }
  | { kind: "user-key"; userId: string; keyId: string; role: Role; scope: ApiKeyScope };

/**
 * Which credential a bearer token is: the bootstrap `CULPRIT_API_KEY`, a live user key (not revoked,
 * not expired; its role the lower of its own and its user's current one), or none.
 */
export async function verifyBearer(token: string): Promise<BearerKey | null> {
  if (!token || token.length > 512) return null;
  const bootstrap = config().CULPRIT_API_KEY;
  if (bootstrap) {
    const a = Buffer.from(token);
    const b = Buffer.from(bootstrap);
    if (a.length === b.length && timingSafeEqual(a, b)) return { kind: "bootstrap" };
  }
  if (!token.startsWith(PREFIX)) return null;
  // Lookup by hash: equal-time comparison is moot, the attacker does not know any stored hash's preimage.
  const row = await db().apiKey.findUnique({
    where: { hash: hashApiKey(token) },
    select: {
      id: true,
      userId: true,
      revokedAt: true,
      expiresAt: true,
      role: true,
      scope: true,
      user: { select: { role: true } },
    },
  });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return null;
  await db()
    .apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } })
    .catch(() => {});
  const role: Role = roleAllows(row.user.role, row.role) ? row.role : row.user.role;
  const scope: ApiKeyScope = row.scope === "ingest-verify" ? "ingest-verify" : "ingest";
  return { kind: "user-key", userId: row.userId, keyId: row.id, role, scope };
}
