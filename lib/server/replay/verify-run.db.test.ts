import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoMas, type DemoMas } from "@/demo-mas/app";
import { importValue } from "@/lib/importers";
import { startTestEndpoint, deadEndpointUrl, json } from "@/lib/replay/test-endpoints";
import { ingestTrace } from "../ingest-trace";
import { createAnalysis, performAnalysis } from "../analyze-run";
import { pool } from "../pg-pool";
import { db } from "../db";
import { createVerification, performVerification, cancelVerification } from "./verify-run";
import { getVerification, latestVerification } from "./verification-rows";
import { reloadConfig } from "@/lib/server/config";

let mas: DemoMas;
beforeAll(async () => {
  mas = await startDemoMas({ port: 0 });
});
afterAll(async () => {
  await mas.close();
  await pool().end();
});

/** Runs demo-mas with a fault, ingests the trace and analyzes it offline, like the app does. */
async function faultyRun(fault: { agent: string; mode: string; step?: number }, seed: string) {
  const res = await fetch(`${mas.url}/run`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ fault, seed }),
  });
  const body = (await res.json()) as { trace: unknown };
  const { runId } = await ingestTrace(importValue(body.trace).trace);
  const analysisId = await createAnalysis(runId);
  await performAnalysis(analysisId);
  const analysis = await db().analysis.findUniqueOrThrow({ where: { id: analysisId } });
  return { runId, analysisId, analysisResult: JSON.stringify(analysis.result) };
}

async function verify(runId: string, endpoint: string, options: Parameters<typeof performVerification>[1] = {}) {
  const created = await createVerification(runId, { endpoint, ...options });
  if (!created.ok) throw new Error(created.message);
  await performVerification(created.verificationId, options);
  return (await getVerification(created.verificationId))!;
}

async function cacheRows(runId: string) {
  const { rows } = await pool().query<{ n: string }>(`SELECT count(*) AS n FROM replay_cache WHERE "runId" = $1`, [
    runId,
  ]);
  return Number(rows[0].n);
}

describe("verification by replay, stored beside the offline analysis (real Postgres)", () => {
  it("confirms the injected culprit, states agreement, caches every replay and leaves the analysis untouched", async () => {
    const { runId, analysisId, analysisResult } = await faultyRun({ agent: "worker_2", mode: "wrong_value" }, "db-1");
    const v = await verify(runId, `${mas.url}/replay`);
    expect(v.status).toBe("done");
    expect(v.confirmedAgent).toBe("worker_2");
    expect(v.result?.confirmedAgent).toBe("worker_2");
    expect(["agrees", "disagrees"]).toContain(v.agreement);
    expect(v.agreement).toBe(v.offlineAgent === "worker_2" ? "agrees" : "disagrees");
    expect(v.replayCount).toBeGreaterThan(1);
    expect(v.interventions.filter((e) => e.source === "replay")).toHaveLength(v.replayCount);
    expect(await cacheRows(runId)).toBe(v.replayCount);
    const row = await db().replayVerification.findUniqueOrThrow({ where: { id: v.id } });
    expect(row.analysisId).toBe(analysisId);
    const analysis = await db().analysis.findUniqueOrThrow({ where: { id: analysisId } });
    expect(JSON.stringify(analysis.result)).toBe(analysisResult);

    // A second verification of the same content costs no replay at all.
    const again = await verify(runId, `${mas.url}/replay`);
    expect(again.replayCount).toBe(0);
    expect(again.cacheHits).toBe(v.replayCount);
    expect(again.confirmedAgent).toBe("worker_2");
    expect((await latestVerification(runId))?.id).toBe(again.id);
    expect(await cacheRows(runId)).toBe(v.replayCount);
  });

  it("stores a clear error when the endpoint is down", async () => {
    const { runId } = await faultyRun({ agent: "aggregator", mode: "drop" }, "db-down");
    const v = await verify(runId, await deadEndpointUrl(), { retries: 1, backoffMs: 5 });
    expect(v.status).toBe("failed");
    expect(v.error).toMatch(/^unreachable: Cannot reach the replay endpoint .*ECONNREFUSED/);
    expect(v.result).toBeNull();
    expect(v.finishedAt).not.toBeNull();
    expect(await cacheRows(runId)).toBe(0);
  });

  it("stores a timeout for a slow endpoint", async () => {
    const { runId } = await faultyRun({ agent: "verifier", mode: "drop" }, "db-slow");
    const slow = await startTestEndpoint(() => {});
    try {
      const v = await verify(runId, slow.url, { timeoutMs: 100, retries: 0 });
      expect(v.status).toBe("failed");
      expect(v.error).toMatch(/^timeout: .*did not answer within 100 ms/);
    } finally {
      await slow.close();
    }
  });

  it("keeps the replays made before garbage arrived", async () => {
    const { runId } = await faultyRun({ agent: "planner", mode: "wrong_value" }, "db-garbage");
    // First two answers are fine, then the endpoint starts answering garbage.
    const flaky = await startTestEndpoint((_q, res, n) =>
      n <= 2 ? json(res, 200, { outcome: "failure" }) : json(res, 200, "not json at all"),
    );
    try {
      const v = await verify(runId, flaky.url, { retries: 0 });
      expect(v.status).toBe("failed");
      expect(v.error).toMatch(/^bad_response: The replay endpoint did not answer JSON: not json at all/);
      expect(v.replayCount).toBe(2);
      expect(v.interventions).toHaveLength(2);
      expect(await cacheRows(runId)).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it("can be cancelled while a replay is in flight", async () => {
    const { runId } = await faultyRun({ agent: "worker_1", mode: "drop" }, "db-cancel");
    const slow = await startTestEndpoint(() => {});
    try {
      const created = await createVerification(runId, { endpoint: slow.url });
      if (!created.ok) throw new Error(created.message);
      const running = performVerification(created.verificationId, { timeoutMs: 30_000 });
      while ((await getVerification(created.verificationId))?.status !== "running")
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 50));
      expect(await cancelVerification(created.verificationId)).toBe(true);
      await running;
      const v = (await getVerification(created.verificationId))!;
      expect(v.status).toBe("cancelled");
      expect(v.cancelRequested).toBe(true);
      expect(await cancelVerification(created.verificationId)).toBe(false);
    } finally {
      await slow.close();
    }
  });

  it("refuses to start without a configured endpoint, naming the variable to set", async () => {
    const { runId } = await faultyRun({ agent: "worker_3", mode: "drop" }, "db-noconf");
    delete process.env.CULPRIT_REPLAY_DEMO_MAS_URL;
    delete process.env.CULPRIT_REPLAY_ENDPOINTS;
    reloadConfig();
    const r = await createVerification(runId);
    expect(r).toEqual({ ok: false, message: expect.stringContaining("CULPRIT_REPLAY_DEMO_MAS_URL") });
    process.env.CULPRIT_REPLAY_ENDPOINTS = JSON.stringify({ "demo-mas": `${mas.url}/replay` });
    reloadConfig();
    try {
      const ok = await createVerification(runId);
      expect(ok.ok).toBe(true);
      // A second click while it is queued returns the same verification.
      const twice = await createVerification(runId);
      expect(twice).toMatchObject({ ok: true, existing: true });
      // One left behind by a dead process (older than the stale limit) is closed, not returned.
      if (!ok.ok) throw new Error("unreachable");
      await pool().query(`UPDATE replay_verifications SET "createdAt" = now() - interval '2 hours' WHERE id = $1`, [
        ok.verificationId,
      ]);
      const fresh = await createVerification(runId);
      expect(fresh).toMatchObject({ ok: true, existing: false });
      expect((await getVerification(ok.verificationId))?.error).toMatch(/^interrupted/);
    } finally {
      delete process.env.CULPRIT_REPLAY_ENDPOINTS;
      reloadConfig();
    }
  });
});
