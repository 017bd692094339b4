/**
 * The one result type of every server action (lib/server/actions/define-action.ts). Expected
 * failures (bad input, not allowed, unknown run) come back as `ok: false` with a message a person can
 * read and, for forms, per-field messages; actions never throw at the client.
 */
export type ActionError = {
  code: "bad_input" | "unauthenticated" | "forbidden" | "not_found" | "conflict" | "rate_limited" | "internal";
  message: string;
  fields?: Record<string, string[]>;
};

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };
