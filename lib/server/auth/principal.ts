import "server-only";
import { headers as nextHeaders } from "next/headers";
import { auth } from "./better-auth";
import { signInRequired } from "./auth-mode";
import { parseRole, type Principal } from "./roles";

const LOCAL: Principal = { kind: "local", role: "owner", userId: null, name: "local user" };

/**
 * The caller of this request: with sign-in off (loopback) everyone who reaches the server is the
 * local owner; with sign-in on, the signed-in user from Better Auth's session cookie, or null.
 */
export async function principalFrom(headers: Headers): Promise<Principal | null> {
  if (!signInRequired()) return LOCAL;
  const session = await auth().api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: unknown };
  return {
    kind: "user",
    role: parseRole(user.role),
    userId: user.id,
    name: user.name || user.email,
    email: user.email,
  };
}

/** The caller of the current page render or server action. */
export async function currentPrincipal(): Promise<Principal | null> {
  return principalFrom(new Headers(await nextHeaders()));
}
