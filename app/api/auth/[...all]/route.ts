import { auth } from "@/lib/server/auth/better-auth";
import { guardSignIn } from "@/lib/server/auth/sign-in-guard";
import { defineRoute } from "@/lib/server/http/define-route";

/**
 * Better Auth's endpoints (sign-in, sign-out, session, OIDC callback). Public by nature; the Host and
 * Origin guard still applies, sign-up is disabled in its configuration (owners add people), and
 * password sign-ins pass the sign-in limits first (lib/server/auth/sign-in-guard.ts).
 */
const handle = defineRoute({ access: "public" }, (req) => guardSignIn(req, (r) => auth().handler(r)));
export const GET = handle;
export const POST = handle;
