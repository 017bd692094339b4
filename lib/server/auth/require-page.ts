import "server-only";
import { redirect } from "next/navigation";
import { currentPrincipal } from "./principal";
import { roleAllows, type Principal, type Role } from "./roles";

/**
 * The check at the top of every non-public page: the proxy's redirect only looks at whether a
 * session cookie exists, this verifies the session and the role. A signed-out visitor goes to
 * /sign-in; a signed-in one without the role gets `null` (the page says so).
 */
export async function requirePage(role: Role, next: string): Promise<Principal | null> {
  const principal = await currentPrincipal();
  if (!principal) redirect(`/sign-in?${new URLSearchParams({ next })}`);
  return roleAllows(principal.role, role) ? principal : null;
}
