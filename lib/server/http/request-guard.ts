/**
 * The two checks every request passes before anything else runs (docs/decisions/0008-access-control.md):
 *  - DNS rebinding: the `Host` header must name this server (a loopback name, the address it listens
 *    on, or a configured public name). A page on evil.example whose name was re-pointed at 127.0.0.1
 *    sends `Host: evil.example` and is refused before it can read or change anything.
 *  - CSRF: a state-changing request (anything but GET/HEAD/OPTIONS) from a browser must come from this
 *    origin. `text/plain` and multipart form posts and server actions are covered alike, because the
 *    check reads `Origin` / `Sec-Fetch-Site`, not the content type. Requests with neither header are
 *    not from a browser page (curl, SDKs, exporters) and pass; they still meet authentication.
 *    Machine clients that present a bearer key on the ingestion endpoints are exempt from the Origin
 *    check (browsers never attach one on their own), not from authentication.
 *
 * Pure: no Next, no environment; the caller passes the allowed host names.
 */

export type GuardVerdict =
  | { ok: true }
  | { ok: false; status: 403; code: "host_not_allowed" | "cross_origin"; message: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths whose POSTs machine clients make with `Authorization: Bearer <key>`. */
export const MACHINE_INGEST_PATHS = new Set(["/api/runs", "/v1/traces"]);

/** The host name of a `Host` header value, lower-cased, without port; `[::1]` stays bracketed. */
export function hostName(hostHeader: string): string | null {
  const value = hostHeader.trim().toLowerCase();
  if (!value || value.length > 300) return null;
  const bracketed = /^(\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return bracketed[1];
  const plain = /^([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(value);
  return plain ? plain[1].replace(/\.$/, "") : null;
}

export function isHostAllowed(hostHeader: string | null, allowed: ReadonlySet<string>): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  return name !== null && allowed.has(name);
}

/** True when the Origin header names exactly the host (and port) the request was sent to. */
function sameOrigin(origin: string, hostHeader: string): boolean {
  try {
    const url = new URL(origin);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.host.toLowerCase() === hostHeader.trim().toLowerCase()
    );
  } catch {
    return false; // "null" (sandboxed frames, file://) and garbage
  }
}

/** `url` (the request URL) stands in for a missing Host header, as HTTP/1.1 servers derive one from it. */
export function guardRequest(
  req: { method: string; pathname: string; headers: Headers; url?: string },
  allowedHosts: ReadonlySet<string>,
): GuardVerdict {
  const host = req.headers.get("host") ?? urlHost(req.url);
  if (!isHostAllowed(host, allowedHosts)) {
    return {
      ok: false,
      status: 403,
      code: "host_not_allowed",
      message: `This Culprit does not answer to the host name "${String(host ?? "").slice(0, 100)}". Add it to CULPRIT_ALLOWED_HOSTS if it is yours.`,
    };
  }
  if (SAFE_METHODS.has(req.method.toUpperCase())) return { ok: true };
  const bearer = /^Bearer\s+\S/i.test(req.headers.get("authorization") ?? "");
  if (bearer && MACHINE_INGEST_PATHS.has(req.pathname)) return { ok: true };
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (sameOrigin(origin, host!)) return { ok: true };
    return crossOrigin();
  }
  // No Origin: modern browsers send it on every cross-origin POST; Sec-Fetch-Site catches the rest.
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return crossOrigin();
  return { ok: true };
}

/**
 * True when the path or a query value holds a NUL (`%00`). Postgres text cannot hold one, so such a
 * parameter would reach a query only to fail with a 500 and a stack in the log (review L-7):
 * pages and routes answer 400 instead, before anything runs.
 */
export function urlHasNul(url: string): boolean {
  try {
    const u = new URL(url, "http://x.invalid");
    if (/%00/i.test(u.pathname) || u.pathname.includes("\u0000")) return true;
    for (const v of u.searchParams.values()) if (v.includes("\u0000")) return true;
    for (const k of u.searchParams.keys()) if (k.includes("\u0000")) return true;
    return false;
  } catch {
    return true;
  }
}

function urlHost(url: string | undefined): string | null {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
}

function crossOrigin(): GuardVerdict {
  return {
    ok: false,
    status: 403,
    code: "cross_origin",
    message: "Cross-origin requests that change data are refused.",
  };
}
