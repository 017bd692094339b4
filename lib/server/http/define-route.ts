import "server-only";
import { ApiError, errorResponse } from "../api-errors";
import { verifyBearer } from "../auth/api-keys";
import { signInRequired } from "../auth/auth-mode";
import { principalFrom } from "../auth/principal";
import { roleAllows, type Principal, type Role } from "../auth/roles";
import { allowedHosts } from "../auth/allowed-hosts";
import { guardRequest, urlHasNul } from "./request-guard";
import { API_SECURITY_HEADERS } from "./security-headers";
import { config } from "../config";

/**
 * Who may call a route:
 *  - "public": anyone (health, JSON Schema, share-link routes that check their own token);
 *  - "viewer" / "owner": a signed-in person with at least that role (everyone on loopback);
 *  - "ingest": a machine with a bearer key (CULPRIT_API_KEY or a user's key), or a signed-in owner
 *    using the upload page;
 *  - "reader": a signed-in viewer, or a machine with a bearer key (`culprit mcp --server`, scripts).
 */
export type RouteAccess = "public" | "viewer" | "owner" | "ingest" | "reader";

export type Caller =
  | Principal
  | {
      kind: "api-key";
      /** The key's own role capped by its user's current one (the bootstrap key: owner). */
      role: Role;
      userId: string | null;
      name: string;
      /** The user key's id (null for the bootstrap CULPRIT_API_KEY). */
      keyId: string | null;
      /** "ingest-verify" keys may also store CLI verification results; the bootstrap key may do everything. */
      scope: "ingest" | "ingest-verify";
    };

type RouteContext<P> = { params: Promise<P> };

/**
 * The one wrapper of every route handler: Host/Origin guard, the caller check for `access`, and
 * error mapping (ApiError / TraceInputError → status + JSON; anything else → logged 500 without
 * internals). Replaces the try/catch each route used to repeat.
 */
export function defineRoute<P = Record<string, never>>(
  options: { access: RouteAccess },
  handler: (req: Request, ctx: { params: P; caller: Caller | null }) => Promise<Response> | Response,
): (req: Request, ctx?: RouteContext<P>) => Promise<Response> {
  return async (req, ctx) => {
    let res: Response;
    try {
      const verdict = guardRequest(
        { method: req.method, pathname: new URL(req.url).pathname, headers: req.headers, url: req.url },
        allowedHosts(),
      );
      if (!verdict.ok) throw new ApiError(verdict.status, verdict.code, verdict.message);
      if (urlHasNul(req.url))
        throw new ApiError(400, "bad_request", "A NUL character in the path or query is not allowed.");
      const caller = await authorize(req, options.access);
      res = await handler(req, { params: ((await ctx?.params) ?? {}) as P, caller });
    } catch (err) {
      res = errorResponse(err);
    }
    for (const [k, v] of Object.entries(API_SECURITY_HEADERS)) if (!res.headers.has(k)) trySet(res, k, v);
    return res;
  };
}

function trySet(res: Response, key: string, value: string) {
  try {
    res.headers.set(key, value);
  } catch {
    // immutable headers (a proxied Response): leave them
  }
}

async function authorize(req: Request, access: RouteAccess): Promise<Caller | null> {
  if (access === "public") return null;
  if (access === "ingest") return ingestCaller(req);
  if (access === "reader" && bearerToken(req)) return keyCaller(bearerToken(req) as string);
  const need = access === "reader" ? "viewer" : access;
  const principal = await principalFrom(req.headers);
  if (!principal) throw new ApiError(401, "unauthenticated", "Sign in first (or open the run through a share link).");
  if (!roleAllows(principal.role, need)) throw new ApiError(403, "forbidden", `Only ${need}s may do this.`);
  return principal;
}

function bearerToken(req: Request): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() || undefined;
}

/** The caller a bearer key stands for; a user key's role is already capped by its user's current role. */
async function keyCaller(token: string): Promise<Extract<Caller, { kind: "api-key" }>> {
  const key = await verifyBearer(token);
  if (!key) throw new ApiError(401, "unauthorized", "Unknown, revoked or expired API key.");
  if (key.kind === "bootstrap")
    return { kind: "api-key", role: "owner", userId: null, name: key.kind, keyId: null, scope: "ingest-verify" };
  return { kind: "api-key", role: key.role, userId: key.userId, name: key.kind, keyId: key.keyId, scope: key.scope };
}

async function ingestCaller(req: Request): Promise<Caller> {
  const token = bearerToken(req);
  if (token) {
    const caller = await keyCaller(token);
    // A demoted owner's keys stop here (security review M-4).
    if (caller.role !== "owner")
      throw new ApiError(403, "forbidden", "This API key belongs to a viewer; only owners' keys may add runs.");
    return caller;
  }
  if (signInRequired()) {
    const principal = await principalFrom(req.headers);
    if (!principal)
      throw new ApiError(
        401,
        "unauthorized",
        "This Culprit requires an API key: send `Authorization: Bearer <key>` (create one under Settings).",
      );
    if (!roleAllows(principal.role, "owner")) throw new ApiError(403, "forbidden", "Only owners may add runs.");
    return principal;
  }
  // Loopback without sign-in: every local client is the local owner, unless the bootstrap key is
  // set; then every client needs it, the upload page too (it asks for the key on a 401). No request
  // header can stand in for it: a local process can send any header (security review L-2).
  if (config().CULPRIT_API_KEY) {
    throw new ApiError(
      401,
      "unauthorized",
      "This Culprit requires an API key: send `Authorization: Bearer <CULPRIT_API_KEY>`.",
    );
  }
  return { kind: "local", role: "owner", userId: null, name: "local user" };
}
