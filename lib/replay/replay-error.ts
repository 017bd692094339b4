/** Why a replay (or a whole verification) could not be completed; `code` is stored with the verification. */
export type ReplayErrorCode =
  | "unreachable"
  | "timeout"
  | "http_error"
  | "bad_response"
  | "cancelled"
  | "budget_exhausted"
  | "not_configured";

export class ReplayError extends Error {
  constructor(
    readonly code: ReplayErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ReplayError";
  }
}

/** True for errors worth another attempt: the endpoint may answer next time. */
export function isTransient(err: unknown): boolean {
  return (
    err instanceof ReplayError && (err.code === "unreachable" || err.code === "timeout" || err.code === "http_error")
  );
}
