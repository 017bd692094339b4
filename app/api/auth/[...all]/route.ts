import { auth } from "@/lib/server/auth/better-auth";
import { defineRoute } from "@/lib/server/http/define-route";

/**
 * Better Auth's endpoints (sign-in, sign-out, session, OIDC callback). Public by nature; the Host and
 * Origin guard still applies, and sign-up is disabled in its configuration (owners add people).
 */
const handle = defineRoute({ access: "public" }, (req) => auth().handler(req));
export const GET = handle;
export const POST = handle;
