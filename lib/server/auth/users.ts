import "server-only";
import { auth } from "./better-auth";
import type pg from "pg";
import { db } from "../db";
import { withTransaction } from "../transaction";
import type { Role } from "./roles";

/**
 * People are created here (never by signing up): by the one-time setup link (the first owner) and by
 * owners on the settings page. The password is hashed by Better Auth (scrypt) and stored on a
 * "credential" account, exactly as its own sign-up would.
 */
export async function createPasswordUser(input: {
  name: string;
  email: string;
  password: string;
  role: Role;
}): Promise<{ id: string }> {
  const ctx = await auth().$context;
  const email = input.email.trim().toLowerCase();
  if (await db().user.findUnique({ where: { email }, select: { id: true } })) throw new UserExistsError(email);
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name.trim() || email, role: input.role, emailVerified: false },
    { method: "admin" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  return { id: user.id };
}

export class UserExistsError extends Error {
  constructor(email: string) {
    super(`There is already a user with the email ${email}.`);
  }
}

export async function ownerExists(): Promise<boolean> {
  return (await db().user.count({ where: { role: "owner" } })) > 0;
}

export type UserRow = { id: string; name: string; email: string; role: Role; createdAt: string };

export async function listUsers(): Promise<UserRow[]> {
  const rows = await db().user.findMany({ orderBy: { createdAt: "asc" }, take: 500 });
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
  }));
}

/** Makes a person an owner or a viewer; never the last owner a viewer. */
export async function changeRole(userId: string, role: Role): Promise<"done" | "last-owner" | "not-found"> {
  return withOwnersLocked(async (client) => {
    if (role === "viewer" && (await otherOwners(client, userId)) === 0) return "last-owner";
    const { rowCount } = await client.query(`UPDATE users SET role = $2 WHERE id = $1`, [userId, role]);
    return rowCount ? "done" : "not-found";
  });
}

/** Removes a person with their sessions, accounts and API keys (ON DELETE CASCADE); never the last owner. */
export async function removeUser(userId: string): Promise<"done" | "last-owner" | "not-found"> {
  return withOwnersLocked(async (client) => {
    const { rows } = await client.query<{ role: string }>(`SELECT role FROM users WHERE id = $1`, [userId]);
    if (!rows[0]) return "not-found";
    if (rows[0].role === "owner" && (await otherOwners(client, userId)) === 0) return "last-owner";
    await client.query(`DELETE FROM users WHERE id = $1`, [userId]);
    return "done";
  });
}

/**
 * Runs a change to who is an owner under one transaction-wide lock, so two owners demoting or
 * removing each other at the same moment cannot both pass the "last owner" check.
 */
function withOwnersLocked<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('culprit.owners'))`);
    return work(client);
  });
}

async function otherOwners(client: pg.PoolClient, userId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users WHERE role = 'owner' AND id <> $1`,
    [userId],
  );
  return rows[0].n;
}
