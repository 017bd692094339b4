import "server-only";
import { headers as nextHeaders } from "next/headers";
import { z } from "zod";
import type { ActionError, ActionResult } from "@/lib/action-result";
import { principalFrom } from "../auth/principal";
import { roleAllows, type Principal, type Role } from "../auth/roles";
import { allowedHosts } from "../auth/allowed-hosts";
import { guardRequest } from "../http/request-guard";

/** An expected failure an action handler throws; it reaches the client as `{ ok: false, error }`. */
export class ActionFailure extends Error {
  constructor(
    readonly code: ActionError["code"],
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** FormData (from `<form action>`) becomes a plain object of its string fields; files are dropped. */
function plainInput(raw: unknown): unknown {
  if (!(raw instanceof FormData)) return raw;
  const out: Record<string, string> = {};
  for (const [k, v] of raw.entries()) if (typeof v === "string" && !k.startsWith("$ACTION")) out[k] = v;
  return out;
}

/**
 * The one way to write a server action. Each call, before the handler runs:
 *  1. the request's Host and Origin are checked (DNS rebinding, CSRF), even though the proxy did too;
 *  2. the caller is resolved and must hold `role` (middleware alone does not cover actions: Next
 *     accepts an action POSTed to any page that ships it, `/s/<token>` included); "anyone" is only
 *     for the setup link, whose handler checks its own one-time token;
 *  3. the input is parsed with `input` (zod); FormData from forms is accepted.
 * Then the handler's value is returned as `{ ok: true, data }`; an `ActionFailure` as
 * `{ ok: false, error }`; anything else is logged and answered with a generic message.
 */
export function defineAction<S extends z.ZodType, T>(
  options: ActionOptions<S>,
  handler: ActionHandler<S, T>,
): (input: z.input<S> | FormData) => Promise<ActionResult<T>> {
  return async (raw) => runAction(options, handler, raw, new Headers(await nextHeaders()));
}

type ActionOptions<S extends z.ZodType> = { input: S; role: Role | "anyone" };
type ActionHandler<S extends z.ZodType, T> = (
  input: z.output<S>,
  ctx: { principal: Principal; headers: Headers },
) => Promise<T>;

/** defineAction's body with the request headers passed in (the integration tests call it directly). */
export async function runAction<S extends z.ZodType, T>(
  options: ActionOptions<S>,
  handler: ActionHandler<S, T>,
  raw: unknown,
  headers: Headers,
): Promise<ActionResult<T>> {
  try {
    const verdict = guardRequest({ method: "POST", pathname: "", headers }, allowedHosts());
    if (!verdict.ok) return fail("forbidden", verdict.message);
    const principal = await principalFrom(headers);
    if (options.role !== "anyone") {
      if (!principal) return fail("unauthenticated", "Sign in first.");
      if (!roleAllows(principal.role, options.role)) return fail("forbidden", `Only ${options.role}s may do this.`);
    }
    const parsed = options.input.safeParse(plainInput(raw));
    if (!parsed.success) {
      const flat = z.flattenError(parsed.error);
      return {
        ok: false,
        error: {
          code: "bad_input",
          message: flat.formErrors[0] ?? "The input is incomplete.",
          fields: flat.fieldErrors as Record<string, string[]>,
        },
      };
    }
    // "anyone" actions (the setup link) check their own secret and never read the principal.
    return { ok: true, data: await handler(parsed.data, { principal: principal as Principal, headers }) };
  } catch (err) {
    if (err instanceof ActionFailure)
      return {
        ok: false,
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      };
    // redirect()/notFound() from next/navigation must propagate.
    if (
      err &&
      typeof err === "object" &&
      "digest" in err &&
      typeof err.digest === "string" &&
      /^NEXT_/.test(err.digest)
    )
      throw err;
    console.error("[action] unexpected error", err);
    return fail("internal", "Internal error; see the server log.");
  }
}

function fail(code: ActionError["code"], message: string): { ok: false; error: ActionError } {
  return { ok: false, error: { code, message } };
}
