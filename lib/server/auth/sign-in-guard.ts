import "server-only";
import { clientAddressFrom } from "./client-address.mjs";
import { keyedQueue } from "../keyed-queue";
import { recordSignInFailure, signInWait } from "./sign-in-limits";

/** Better Auth's password sign-in path (the only endpoint that checks a password here). */
const PASSWORD_SIGN_IN = "/api/auth/sign-in/email";
const MAX_BODY_BYTES = 4096;
/** Password checks in flight at once (each is ~50 ms of scrypt on the libuv pool); more get 503. */
const MAX_CHECKS_IN_FLIGHT = 8;

const inOrder = keyedQueue();
let checking = 0;

function refuse(status: 429 | 503 | 413, message: string, retryAfterS: number): Response {
  return Response.json(
    { code: status === 429 ? "TOO_MANY_REQUESTS" : "UNAVAILABLE", message },
    { status, headers: { "retry-after": String(Math.max(1, retryAfterS)), "cache-control": "no-store" } },
  );
}

/**
 * Puts the sign-in limits in front of Better Auth's password sign-in: tries for one account or from
 * one address are checked one at a time against the failures stored so far; a limited try is
 * answered 429 with Retry-After (and logged) before any password is hashed; a wrong password is
 * logged as a failure. Every other auth endpoint goes straight to `handle`.
 */
export async function guardSignIn(req: Request, handle: (req: Request) => Promise<Response>): Promise<Response> {
  if (req.method !== "POST" || new URL(req.url).pathname !== PASSWORD_SIGN_IN) return handle(req);
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) return refuse(413, "Sign-in request too large.", 1);
  const email = emailOf(text);
  const address = clientAddressFrom(req.headers);
  const forward = new Request(req.url, { method: "POST", headers: req.headers, body: text });
  return inOrder([`email:${email}`, `address:${address}`], async () => {
    const wait = await signInWait(email, address);
    if (wait > 0) {
      await recordSignInFailure(email, address, "limited");
      return refuse(429, `Too many failed sign-ins; try again in ${wait} s.`, wait);
    }
    if (checking >= MAX_CHECKS_IN_FLIGHT) return refuse(503, "Too many sign-ins at once; try again.", 1);
    checking++;
    try {
      const res = await handle(forward);
      if (res.status === 401) await recordSignInFailure(email, address, "wrong-password");
      return res;
    } finally {
      checking--;
    }
  });
}

function emailOf(text: string): string {
  try {
    const email = (JSON.parse(text) as { email?: unknown })?.email;
    return typeof email === "string" ? email.trim().toLowerCase().slice(0, 256) : "";
  } catch {
    return "";
  }
}
