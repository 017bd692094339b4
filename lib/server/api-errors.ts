import "server-only";
import { TraceInputError, type TraceInputErrorCode } from "@/lib/trace/errors";

/** An error a route handler answers with a status and a JSON body `{ error: { code, message, ... } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
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

/** One place that turns any thrown value into an HTTP answer; internals never leak. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) return Response.json({ error: { code: err.code, message: err.message, ...err.details } }, { status: err.status });
  if (err instanceof TraceInputError) return Response.json({ error: err.toJSON() }, { status: STATUS_BY_INPUT_CODE[err.code] });
  console.error("[api] unexpected error", err);
  return Response.json({ error: { code: "internal", message: "Internal error; see the server log." } }, { status: 500 });
}
