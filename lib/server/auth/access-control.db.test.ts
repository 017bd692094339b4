import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { minimalTrace } from "@/lib/trace/test-traces";
import { POST as postRun } from "@/app/api/runs/route";
import { DELETE as deleteRunRoute } from "@/app/api/runs/[id]/route";
import { GET as getReport } from "@/app/api/runs/[id]/report/route";
import { runAction } from "../actions/define-action";
import { db } from "../db";
import { ingestUpload } from "../ingest-upload";
import { pool } from "../pg-pool";
import { resolveShareToken } from "../queries/share-links";
import { createApiKey, revokeApiKey } from "./api-keys";
import { auth } from "./better-auth";
import { createPasswordUser } from "./users";
import { reloadConfig } from "@/lib/server/config";

// Sign-in mode, with a real Better Auth against the real test database.
const saved = { auth: process.env.CULPRIT_AUTH, secret: process.env.BETTER_AUTH_SECRET };
process.env.CULPRIT_AUTH = "required";
process.env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
reloadConfig();

const BASE = "http://localhost:3000";
let ownerCookie = "";
let viewerCookie = "";
let ownerId = "";

async function signIn(email: string, password: string): Promise<string> {
  const res = await auth().api.signInEmail({
    body: { email, password },
    headers: new Headers({ host: "localhost:3000" }),
    asResponse: true,
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const tag = randomBytes(4).toString("hex");
beforeAll(async () => {
  ownerId = (
    await createPasswordUser({
      name: "Olive",
      email: `owner-${tag}@example.org`,
      password: "owner-password-1",
      role: "owner",
    })
  ).id;
  await createPasswordUser({
    name: "Victor",
    email: `viewer-${tag}@example.org`,
    password: "viewer-password-1",
    role: "viewer",
  });
  ownerCookie = await signIn(`owner-${tag}@example.org`, "owner-password-1");
  viewerCookie = await signIn(`viewer-${tag}@example.org`, "viewer-password-1");
});
afterAll(async () => {
  // Assigning undefined would store the string "undefined", which the config module rightly refuses.
  for (const [name, value] of [
    ["CULPRIT_AUTH", saved.auth],
    ["BETTER_AUTH_SECRET", saved.secret],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  reloadConfig();
  await pool().end();
});

const headers = (cookie?: string, extra: Record<string, string> = {}) =>
  new Headers({ host: "localhost:3000", ...(cookie ? { cookie } : {}), ...extra });
const params = <T>(p: T) => ({ params: Promise.resolve(p) });
const newRun = async (title: string) =>
  (await ingestUpload({ bytes: new TextEncoder().encode(JSON.stringify(minimalTrace({ title: `${title}-${tag}` }))) }))
    .runId;

describe("defineRoute (real Postgres, real sessions)", () => {
  it("answers 401 without a session, 403 to a viewer on an owner route, and lets the owner through", async () => {
    const runId = await newRun("route-roles");
    const del = (cookie?: string) =>
      deleteRunRoute(
        new Request(`${BASE}/api/runs/${runId}`, { method: "DELETE", headers: headers(cookie) }),
        params({ id: runId }),
      );
    expect((await del()).status).toBe(401);
    expect((await del(viewerCookie)).status).toBe(403);
    expect(await db().run.count({ where: { id: runId } })).toBe(1);
    expect((await del(ownerCookie)).status).toBe(204);
    expect(await db().run.count({ where: { id: runId } })).toBe(0);
  });

  it("lets a viewer read exports, and nobody without a session", async () => {
    const runId = await newRun("route-read");
    const get = (cookie?: string) =>
      getReport(new Request(`${BASE}/api/runs/${runId}/report`, { headers: headers(cookie) }), params({ id: runId }));
    expect((await get()).status).toBe(401);
    expect((await get(viewerCookie)).status).toBe(200);
  });

  it("refuses a foreign Host and a cross-origin delete before checking anything else", async () => {
    const runId = await newRun("route-guard");
    const foreignHost = await deleteRunRoute(
      new Request(`${BASE}/api/runs/${runId}`, {
        method: "DELETE",
        headers: headers(ownerCookie, { host: "rebound.example:3000" }),
      }),
      params({ id: runId }),
    );
    expect(foreignHost.status).toBe(403);
    const crossOrigin = await deleteRunRoute(
      new Request(`${BASE}/api/runs/${runId}`, {
        method: "DELETE",
        headers: headers(ownerCookie, { origin: "http://evil.example" }),
      }),
      params({ id: runId }),
    );
    expect(crossOrigin.status).toBe(403);
    expect(await db().run.count({ where: { id: runId } })).toBe(1);
  });

  it("ingests with a user's API key, not with a revoked or unknown one, nor with a viewer's session", async () => {
    const { id, key } = await createApiKey(ownerId, "ci");
    const body = () => JSON.stringify(minimalTrace({ title: `key-${tag}-${randomBytes(3).toString("hex")}` }));
    const post = (h: Record<string, string>) =>
      postRun(
        new Request(`${BASE}/api/runs`, {
          method: "POST",
          body: body(),
          headers: headers(undefined, { "content-type": "application/json", ...h }),
        }),
      );
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: `Bearer ${key}` })).status).toBe(201);
    expect((await post({ authorization: `Bearer ${key}x` })).status).toBe(401);
    const stored = await db().apiKey.findUnique({ where: { id } });
    expect(stored?.hash).not.toContain(key.slice(8)); // only the hash is stored
    expect(await revokeApiKey(id, null)).toBe(true);
    expect((await post({ authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await post({ cookie: viewerCookie })).status).toBe(403);
    expect((await post({ cookie: ownerCookie, origin: "http://localhost:3000" })).status).toBe(201);
  });
});

describe("defineAction (real Postgres, real sessions)", () => {
  const echo = async (input: { n: number }) => input.n * 2;
  const ZIn = z.object({ n: z.number() });

  it("denies an owner action to a viewer and to nobody-signed-in, runs it for the owner", async () => {
    expect(await runAction({ input: ZIn, role: "owner" }, echo, { n: 2 }, headers())).toMatchObject({
      ok: false,
      error: { code: "unauthenticated" },
    });
    expect(await runAction({ input: ZIn, role: "owner" }, echo, { n: 2 }, headers(viewerCookie))).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(await runAction({ input: ZIn, role: "owner" }, echo, { n: 2 }, headers(ownerCookie))).toEqual({
      ok: true,
      data: 4,
    });
  });

  it("lets a viewer run a viewer action, checks input, and never runs the handler when denied", async () => {
    let calls = 0;
    const counted = async (input: { n: number }) => ++calls + input.n;
    expect(await runAction({ input: ZIn, role: "viewer" }, counted, { n: 1 }, headers(viewerCookie))).toEqual({
      ok: true,
      data: 2,
    });
    expect(await runAction({ input: ZIn, role: "viewer" }, counted, { n: "x" }, headers(viewerCookie))).toMatchObject({
      ok: false,
      error: { code: "bad_input" },
    });
    expect(await runAction({ input: ZIn, role: "owner" }, counted, { n: 1 }, headers(viewerCookie))).toMatchObject({
      ok: false,
    });
    expect(
      await runAction(
        { input: ZIn, role: "viewer" },
        counted,
        { n: 1 },
        headers(ownerCookie, { origin: "http://evil.example" }),
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(calls).toBe(1);
  });
});

describe("run deletion and share-link expiry", () => {
  it("deleting a run removes every row of it in every table", async () => {
    const runId = await newRun("delete-all");
    await db().shareLink.create({ data: { token: randomBytes(24).toString("base64url"), runId } });
    await db().humanLabel.create({ data: { id: crypto.randomUUID(), runId, author: "t", agent: "planner" } });
    const tables = [
      "agents",
      "steps",
      "edges",
      "analyses",
      "share_links",
      "human_labels",
      "replay_cache",
      "replay_verifications",
    ];
    const count = async (t: string) =>
      Number((await pool().query(`SELECT count(*) AS n FROM ${t} WHERE "runId" = $1`, [runId])).rows[0].n);
    expect(await count("steps")).toBeGreaterThan(0);
    const res = await deleteRunRoute(
      new Request(`${BASE}/api/runs/${runId}`, { method: "DELETE", headers: headers(ownerCookie) }),
      params({ id: runId }),
    );
    expect(res.status).toBe(204);
    for (const t of tables) expect(await count(t), t).toBe(0);
  });

  it("an expired link resolves like an unknown one; a live one resolves", async () => {
    const runId = await newRun("share-expiry");
    const live = randomBytes(24).toString("base64url");
    const expired = randomBytes(24).toString("base64url");
    await db().shareLink.create({ data: { token: live, runId, expiresAt: new Date(Date.now() + 60_000) } });
    await db().shareLink.create({ data: { token: expired, runId, expiresAt: new Date(Date.now() - 1000) } });
    expect(await resolveShareToken({ token: live })).toMatchObject({ runId });
    expect(await resolveShareToken({ token: expired })).toBeUndefined();
  });
});
