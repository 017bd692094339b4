import "server-only";
import { auth } from "./better-auth";
import { db } from "../db";
import type { Role } from "./roles";

/**
 * People are created here (never by signing up): by the one-time setup link (the first owner) and by
 * owners on the settings page. The password is hashed by Better Auth (scrypt) and stored on a
 * "credential" account, exactly as its own sign-up would.
 */
export async function createPasswordUser(input: { name: string; email: string; password: string; role: Role }): Promise<{ id: string }> {
  const ctx = await auth().$context;
  const email = input.email.trim().toLowerCase();
  if (await db().user.findUnique({ where: { email }, select: { id: true } })) throw new UserExistsError(email);
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser({ email, name: input.name.trim() || email, role: input.role, emailVerified: false }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
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
  return rows.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, createdAt: u.createdAt.toISOString() }));
}
