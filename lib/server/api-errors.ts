import "server-only";
import { TraceInputError, type TraceInputErrorCode } from "@/lib/trace/errors";

/** An error a route handler answers with a status and a JSON body `{ error: { code, message, ... } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Response headers, e.g. Retry-After on 429 and 503. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const STATUS_BY_INPUT_CODE: Record<TraceInputErrorCode, number> = {
  malformed_json: 400,
  schema: 422,
  unknown_format: 422,
  bad_input: 422,
  too_large: 413,
};

/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": node
 * socket errors, pg's own connection errors, and the Postgres classes 08 (connection), 57P
 * (shutdown, crash, cannot connect now) and 53 (out of resources: disk full, too many clients).
 */
const DB_UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
]);
const DB_UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|Query read timeout|Client has encountered a connection error|COPY stream closed|Can't reach database server/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? "");
    if (DB_UNAVAILABLE_CODES.has(code) || /^(08|57P|53)/.test(code)) return true;
    if (DB_UNAVAILABLE_MESSAGE.test(String((e as { message?: unknown }).message ?? ""))) return true;
    // A failed connection inside an AggregateError (several addresses tried)
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner) && inner.some((x) => isDatabaseUnavailable(x))) return true;
  }
  return false;
}

/** Postgres out of disk (SQLSTATE 53100, or ENOSPC in its message): the request is fine, the server is not. */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as { code?: unknown }).code ?? "") === "53100") return true;
    if (/No space left on device/i.test(String((e as { message?: unknown }).message ?? ""))) return true;
  }
  return false;
}

/**
 * One place that turns any thrown value into an HTTP answer; internals never leak. `diskFullStatus`:
 * 507 for uploads; /v1/traces asks for 503, the status OTLP exporters retry (they drop a 507).
 */
export function errorResponse(err: unknown, { diskFullStatus = 507 }: { diskFullStatus?: 503 | 507 } = {}): Response {
  if (err instanceof ApiError)
    return Response.json(
      { error: { code: err.code, message: err.message, ...err.details } },
      { status: err.status, headers: err.headers },
    );
  if (err instanceof TraceInputError)
    return Response.json({ error: err.toJSON() }, { status: STATUS_BY_INPUT_CODE[err.code] });
  // The transaction rolled back, so nothing of the run was stored (review check 32).
  if (isDiskFull(err)) {
    console.error(`[api] database disk full: ${err instanceof Error ? err.message : String(err)}`);
    return Response.json(
      { error: { code: "insufficient_storage", message: "The database's disk is full; nothing was stored." } },
      { status: diskFullStatus, headers: { "retry-after": "60" } },
    );
  }
  // 503 + Retry-After: OTLP exporters and well-behaved clients retry it; a 500 they drop (review M-5).
  if (isDatabaseUnavailable(err)) {
    console.error(`[api] database unavailable: ${err instanceof Error ? err.message : String(err)}`);
    return Response.json(
      { error: { code: "database_unavailable", message: "The database is unavailable; try again shortly." } },
      { status: 503, headers: { "retry-after": "5" } },
    );
  }
  console.error("[api] unexpected error", err);
  return Response.json(
    { error: { code: "internal", message: "Internal error; see the server log." } },
    { status: 500 },
  );
}
