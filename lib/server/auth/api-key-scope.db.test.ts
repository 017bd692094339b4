import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postRun } from "@/app/api/runs/route";
import { POST as postVerification } from "@/app/api/runs/[id]/verifications/route";
import { minimalTrace } from "@/lib/trace/test-traces";
import { reloadConfig } from "@/lib/server/config";
import { db } from "../db";
import { pool } from "../pg-pool";
import { createApiKey } from "./api-keys";
import { changeRole, createPasswordUser, removeUser } from "./users";

// Security review M-4 (checks 5 and 6): API keys follow their user's role, expire, are scoped, and
// may store a verification only on runs their user uploaded. Real routes, real Postgres.
process.env.CULPRIT_AUTH = "required";
process.env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
reloadConfig();

const BASE = "http://localhost:3000";
const tag = randomBytes(4).toString("hex");
let alice = "";
let bob = "";
beforeAll(async () => {
  alice = (
    await createPasswordUser({
      name: "Alice",
      email: `alice-${tag}@example.org`,
      password: "Tulip-Anchor-Violet-42",
      role: "owner",
    })
  ).id;
  bob = (
    await createPasswordUser({
      name: "Bob",
      email: `bob-${tag}@example.org`,
      password: "Maple-Harbour-Quartz-17",
      role: "owner",
    })
  ).id;
});
afterAll(async () => {
  await pool().end();
});

const json = (key: string) => ({
  host: "localhost:3000",
  "content-type": "application/json",
  authorization: `Bearer ${key}`,
});
async function upload(key: string): Promise<{ status: number; runId?: string }> {
  const body = JSON.stringify(minimalTrace({ title: `scope-${tag}-${randomBytes(4).toString("hex")}` }));
  const res = await postRun(new Request(`${BASE}/api/runs`, { method: "POST", body, headers: json(key) }));
  return { status: res.status, runId: ((await res.json()) as { runId?: string }).runId };
}
const VERIFICATION = {
  source: "culprit-record",
  command: "env OPENAI_API_KEY=sk-test-0123456789abcdefghij node app.mjs",
  budget: 5,
  result: {
    methods: [],
    offline: { agent: "planner", stepId: null },
    confirmedAgent: "innocent_agent",
    confirmedStepId: null,
    agreement: "disagrees",
    agreementNote: "Replay proved innocent_agent caused the failure",
    replays: 5,
    cacheHits: 0,
  },
  log: [],
};
const verify = (key: string, runId: string) =>
  postVerification(
    new Request(`${BASE}/api/runs/${runId}/verifications`, {
      method: "POST",
      body: JSON.stringify(VERIFICATION),
      headers: json(key),
    }),
    {
      params: Promise.resolve({ id: runId }),
    },
  );

describe("API keys carry role, scope and expiry", () => {
  it("a key stops adding runs as soon as its user is demoted, and again works after promotion", async () => {
    const { key } = await createApiKey(bob, "ci");
    expect((await upload(key)).status).toBe(201);
    await db().user.update({ where: { id: bob }, data: { role: "viewer" } });
    expect((await upload(key)).status).toBe(403);
    await db().user.update({ where: { id: bob }, data: { role: "owner" } });
    expect((await upload(key)).status).toBe(201);
  });

  it("an expired key is refused like an unknown one", async () => {
    const { id, key } = await createApiKey(alice, "old");
    expect((await upload(key)).status).toBe(201);
    await db().apiKey.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await upload(key)).status).toBe(401);
    const fresh = await db().apiKey.findUnique({ where: { id: (await createApiKey(alice, "new")).id } });
    expect(fresh!.expiresAt!.getTime() - Date.now()).toBeGreaterThan(89 * 86_400_000);
  });

  it("verifications: only ingest-verify keys, only on runs their user uploaded; the command is stored redacted", async () => {
    const ingestOnly = (await createApiKey(alice, "exporter", { scope: "ingest" })).key;
    const aliceVerify = (await createApiKey(alice, "cli", { scope: "ingest-verify" })).key;
    const bobVerify = (await createApiKey(bob, "cli", { scope: "ingest-verify" })).key;
    const { runId } = await upload(ingestOnly);
    expect((await verify(ingestOnly, runId!)).status).toBe(403);
    expect((await verify(bobVerify, runId!)).status).toBe(403);
    expect(await db().replayVerification.count({ where: { runId: runId! } })).toBe(0);
    expect((await verify(aliceVerify, runId!)).status).toBe(201);
    const stored = await db().replayVerification.findFirst({ where: { runId: runId! } });
    expect(stored!.endpoint).toContain("OPENAI_API_KEY=[redacted]");
    expect(stored!.endpoint).not.toContain("sk-test");
  });

  it("a removed user's keys are refused", async () => {
    const carol = (
      await createPasswordUser({
        name: "Carol",
        email: `carol-${tag}@example.org`,
        password: "Cobalt-Meadow-Lantern-8",
        role: "owner",
      })
    ).id;
    const { key } = await createApiKey(carol, "ci");
    expect((await upload(key)).status).toBe(201);
    await db().user.delete({ where: { id: carol } });
    expect((await upload(key)).status).toBe(401);
  });
});

describe("the last owner", () => {
  it("two owners demoting each other at the same moment leave one owner (the check and the change are one locked step)", async () => {
    await db().user.updateMany({ where: { role: "owner", id: { notIn: [alice, bob] } }, data: { role: "viewer" } });
    const outcomes = await Promise.all([changeRole(alice, "viewer"), changeRole(bob, "viewer")]);
    expect(outcomes.sort()).toEqual(["done", "last-owner"]);
    expect(await db().user.count({ where: { role: "owner" } })).toBe(1);
    const last = (await db().user.findFirst({ where: { role: "owner" } }))!.id;
    expect(await removeUser(last)).toBe("last-owner");
    await changeRole(alice, "owner");
    await changeRole(bob, "owner");
  });
});
