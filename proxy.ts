import { NextResponse, type NextRequest } from "next/server";
import { getSessionCookie } from "better-auth/cookies";
import { signInRequired } from "@/lib/server/auth/auth-mode";
import { config as appConfig } from "@/lib/server/config";
import { allowedHosts } from "@/lib/server/auth/allowed-hosts";
import { guardRequest, urlHasNul } from "@/lib/server/http/request-guard";
import { BASE_SECURITY_HEADERS, contentSecurityPolicy } from "@/lib/server/http/security-headers";

/** Pages anyone may open when sign-in is on: share links, the sign-in and setup pages, the schema. */
const PUBLIC_PAGE = /^\/(s\/|sign-in(\/|$)|setup(\/|$)|schema\/)/;

/**
 * First line of defence for pages and server actions (API routes are excluded by the matcher because
 * the proxy would buffer their large bodies; each route checks itself through defineRoute, and each
 * action through defineAction — this proxy is never the only check):
 *  - Host allow-list and same-origin check for POSTs (server actions);
 *  - with sign-in on, a page visit without a session cookie goes to /sign-in (the page itself
 *    verifies the session; the cookie test only saves a render);
 *  - a fresh CSP nonce per request plus the other security headers.
 */
export function proxy(request: NextRequest) {
  const verdict = guardRequest(
    { method: request.method, pathname: request.nextUrl.pathname, headers: request.headers },
    allowedHosts(),
  );
  if (!verdict.ok)
    return withHeaders(
      new NextResponse(verdict.message, {
        status: verdict.status,
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
    );

  if (urlHasNul(request.url))
    return withHeaders(new NextResponse("A NUL character in the address is not allowed.", { status: 400 }));

  const path = request.nextUrl.pathname;
  if (
    signInRequired() &&
    (request.method === "GET" || request.method === "HEAD") &&
    !PUBLIC_PAGE.test(path) &&
    !getSessionCookie(request, { cookiePrefix: "culprit" })
  ) {
    const target = new URL("/sign-in", request.url);
    target.search = new URLSearchParams({ next: path + request.nextUrl.search }).toString();
    return withHeaders(NextResponse.redirect(target));
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy(nonce, appConfig().NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return withHeaders(response);
}

function withHeaders(response: NextResponse): NextResponse {
  for (const [k, v] of Object.entries(BASE_SECURITY_HEADERS)) response.headers.set(k, v);
  return response;
}

export const config = {
  matcher: ["/((?!api/|v1/|_next/static|_next/image|favicon.ico).*)"],
};
