/**
 * `culprit verify <recording> --app URL` end to end against the real route handlers and a real
 * Postgres: record a Node three-agent program through the proxy, verify it by replays, post the
 * result; the run page's data (latest verification) shows it beside the offline verdict, and
 * "Verify by replay" on the recorded run explains the command instead of asking for an endpoint.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POST as postRun } from "../../route";
import { POST as postVerification } from "./route";
import { pool } from "@/lib/server/pg-pool";
import { postCliResult, startCliResultServer } from "@/test/cli-result-server";
import { latestVerification } from "@/lib/server/replay/verification-rows";
import { createVerification } from "@/lib/server/replay/verify-run";
import { runRecord } from "@/lib/cli/record";
import { runVerifyRecording } from "@/lib/cli/verify-recording";
import { startFakeLlm } from "@/lib/record/test-fake-llm";
import { reloadConfig } from "@/lib/server/config";

const NODE_PROGRAM = join(import.meta.dirname, "../../../../../lib/record/test-programs/three-agents.mjs");
let app: Awaited<ReturnType<typeof startCliResultServer>>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "culprit-app-verify-"));
  app = await startCliResultServer("verifications", postVerification, postRun);
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  await pool().end();
});
afterEach(() => {
  delete process.env.CULPRIT_API_KEY;
  reloadConfig();
});

const post = (runId: string, body: unknown, headers: Record<string, string> = {}) =>
  postCliResult(postVerification, "verifications", runId, body, headers);

describe("POST /api/runs/:id/verifications (real Postgres)", () => {
  it("stores the CLI's record/replay verification beside the offline verdict", { timeout: 120_000 }, async () => {
    const fake = await startFakeLlm({ errAgent: "planner" });
    try {
      const out = join(dir, "rec");
      const quiet = () => {};
      expect(
        await runRecord(
          ["--upstream", fake.url, "--out", out, "--json", "--", process.execPath, NODE_PROGRAM],
          quiet,
          quiet,
        ),
      ).toBe(0);
      const lines: string[] = [];
      process.env.CULPRIT_API_KEY = "app-key-1";
      reloadConfig();
      const code = await runVerifyRecording(
        [out, "--json", "--app", app.url, "--api-key", "app-key-1", "--", process.execPath, NODE_PROGRAM],
        (l) => lines.push(l),
        quiet,
      );
      const json = JSON.parse(lines.at(-1)!) as { ok: boolean; confirmedAgent: string; app: string; error?: string };
      expect(json.error).toBeUndefined();
      expect(code).toBe(0);
      expect(json.confirmedAgent).toBe("planner");
      const runId = /\/runs\/([0-9a-f-]+)$/.exec(json.app)![1];
      const stored = await latestVerification(runId);
      expect(stored).toMatchObject({
        status: "done",
        confirmedAgent: "planner",
        agreement: json.confirmedAgent === stored?.offlineAgent ? "agrees" : "disagrees",
      });
      expect(stored!.endpoint).toContain("three-agents.mjs");
      expect(stored!.interventions.length).toBeGreaterThan(1);
      // "Verify by replay" on a recorded run says how to verify it rather than asking for an endpoint.
      const started = await createVerification(runId);
      expect(started).toMatchObject({ ok: false });
      expect(!started.ok && started.message).toContain("npx culprit verify");
    } finally {
      await fake.close();
    }
  });

  it("refuses without the API key, an unknown run and a body that is no verification", async () => {
    process.env.CULPRIT_API_KEY = "app-key-2";
    reloadConfig();
    const runId = "00000000-0000-4000-8000-000000000000";
    expect((await post(runId, {})).status).toBe(401);
    const auth = { authorization: "Bearer app-key-2" };
    expect((await post(runId, { source: "culprit-record" }, auth)).status).toBe(422);
    const valid = {
      source: "culprit-record",
      budget: 20,
      log: [],
      result: {
        methods: ["baseline"],
        offline: { agent: null, stepId: null },
        confirmedAgent: null,
        confirmedStepId: null,
        agreement: "inconclusive",
        agreementNote: "x",
        replays: 1,
        cacheHits: 0,
      },
    };
    expect((await post(runId, valid, auth)).status).toBe(404);
  });
});
