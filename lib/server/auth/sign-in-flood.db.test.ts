import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...all]/route";
import { reloadConfig } from "@/lib/server/config";
import { startRouteServer } from "@/test/route-server";
import { pool } from "../pg-pool";
import { createPasswordUser } from "./users";
import { recentSignInFailures } from "./sign-in-limits";

// Security review H-1, over real HTTP to the real auth route on a real Postgres: guesses with a
// rotating X-Forwarded-For are limited by the socket's address and by account, and /api/health
// stays fast while they arrive (the password hash runs off the event loop). Liveness project: alone.
process.env.CULPRIT_AUTH = "required";
process.env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
reloadConfig();

const tag = randomBytes(4).toString("hex");
const OWNER = { email: `owner-${tag}@example.org`, password: "Tulip-Anchor-Violet-42" };
let base = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const auth = (req: Request) => (req.method === "GET" ? authGet(req) : authPost(req));
  ({ base, close } = await startRouteServer([
    { prefix: "/api/health", handler: health },
    { prefix: "/api/auth/", handler: auth },
  ]));
  await createPasswordUser({ name: "Olive", email: OWNER.email, password: OWNER.password, role: "owner" });
});
beforeEach(async () => {
  await pool().query("DELETE FROM sign_in_failures");
});
afterAll(async () => {
  await close();
  await pool().end();
});

const signIn = (email: string, password: string, forwardedFor: string) =>
  fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json", "x-forwarded-for": forwardedFor },
    body: JSON.stringify({ email, password }),
  });

/** Sends `count` guesses, `concurrency` at a time, while health is polled; statuses and worst health latency. */
async function flood(count: number, concurrency: number, emailOf: (i: number) => string) {
  let probing = true;
  let worstHealthMs = 0;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      const r = await fetch(`${base}/api/health`);
      await r.arrayBuffer();
      worstHealthMs = Math.max(worstHealthMs, performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const statuses: number[] = [];
  let retryAfterSeen = true;
  let lastRetryAfterS = 0;
  for (let i = 0; i < count; i += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - i) }, (_, j) => i + j);
    for (const res of await Promise.all(
      batch.map((n) => signIn(emailOf(n), `guess-${n}-wrong`, `10.0.${n >> 8}.${n & 255}`)),
    )) {
      statuses.push(res.status);
      if (res.status === 429) lastRetryAfterS = Number(res.headers.get("retry-after"));
      if (res.status === 429) retryAfterSeen &&= lastRetryAfterS >= 1;
      await res.arrayBuffer();
    }
  }
  probing = false;
  await probe;
  return {
    statuses,
    worstHealthMs,
    retryAfterSeen,
    lastRetryAfterS,
    refused: statuses.filter((s) => s === 429).length,
  };
}

describe("sign-in limits under a guessing flood (real HTTP, real Postgres)", () => {
  it("the right password signs in; no failure is logged", async () => {
    const res = await signIn(OWNER.email, OWNER.password, "203.0.113.9");
    expect(res.status).toBe(200);
    expect(await recentSignInFailures()).toEqual([]);
  });

  it("60 guesses at one account with a rotating X-Forwarded-For: ≥ 50 answered 429, health < 2 s", async () => {
    const r = await flood(60, 10, () => OWNER.email);
    expect(r.refused, JSON.stringify(r.statuses)).toBeGreaterThanOrEqual(50);
    expect(r.statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(r.retryAfterSeen).toBe(true);
    expect(r.worstHealthMs).toBeLessThan(2_000);
    // Even the right password now waits: the limit comes before the password check.
    // Once the wait has passed, one more guess is checked, and the wait after it doubles: even the
    // right password sent at once is refused, since the limit comes before the password check.
    await new Promise((resolve) => setTimeout(resolve, r.lastRetryAfterS * 1000 + 100));
    expect((await signIn(OWNER.email, "one-more-wrong-guess", "10.9.9.8")).status).toBe(401);
    const refusedRight = await signIn(OWNER.email, OWNER.password, "10.9.9.9");
    expect(refusedRight.status).toBe(429);
    expect(Number(refusedRight.headers.get("retry-after"))).toBeGreaterThanOrEqual(2 * r.lastRetryAfterS - 1);
    const log = await recentSignInFailures();
    expect(log).toEqual([
      expect.objectContaining({ email: OWNER.email, address: "127.0.0.1", failures: 61 - r.refused }),
    ]);
    expect(log[0].limited).toBe(r.refused + 1);
  });

  it("60 guesses at 60 different accounts from one address: the per-address limit refuses ≥ 50", async () => {
    const r = await flood(60, 10, (i) => `nobody-${i}@example.org`);
    expect(r.refused, JSON.stringify(r.statuses)).toBeGreaterThanOrEqual(50);
    expect(r.worstHealthMs).toBeLessThan(2_000);
  });
});
