import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoMas, type DemoMas } from "@/demo-mas/app";
import { importValue } from "@/lib/importers";
import { reloadConfig } from "@/lib/server/config";
import { ingestTrace } from "../ingest-trace";
import { createAnalysis, performAnalysis } from "../analyze-run";
import { pool } from "../pg-pool";
import { getFailurePatterns } from "../queries/failure-patterns";
import { cancelFixTrial, createFixTrial, performFixTrial } from "./fix-trial";
import { getFixTrial, latestFixTrial, runFixes } from "./fix-trial-rows";

let mas: DemoMas;
const saved = process.env.CULPRIT_REPLAY_ENDPOINTS;
beforeAll(async () => {
  mas = await startDemoMas({ port: 0 });
  process.env.CULPRIT_REPLAY_ENDPOINTS = JSON.stringify({ "*": `${mas.url}/replay` });
  reloadConfig();
});
afterAll(async () => {
  await mas.close();
  if (saved === undefined) delete process.env.CULPRIT_REPLAY_ENDPOINTS;
  else process.env.CULPRIT_REPLAY_ENDPOINTS = saved;
  reloadConfig();
  await pool().end();
});

/** An LLM-mode run of demo-mas with one agent wrong until asked to check its work, ingested and analysed. */
async function wrongRun(wrong: string, system: string) {
  const res = await fetch(`${mas.url}/run`, { method: "POST", body: JSON.stringify({ llm: { wrong, system } }) });
  const { runId } = await ingestTrace(importValue(((await res.json()) as { trace: unknown }).trace).trace);
  await performAnalysis(await createAnalysis(runId));
  return runId;
}

describe("fix trials through the system's replay endpoint (real Postgres)", () => {
  it("finds and proves the wrong agent's fix, and its pattern shows it verified", async () => {
    const system = `fix-trial-${Date.now()}`;
    const runId = await wrongRun("worker_2", system);
    expect((await runFixes(runId)).length).toBeGreaterThan(0);
    const created = await createFixTrial(runId, { runs: 5 });
    if (!created.ok) throw new Error(created.message);
    expect((await createFixTrial(runId, { runs: 5 })) as unknown).toEqual({
      ok: true,
      trialId: created.trialId,
      existing: true,
    });
    await performFixTrial(created.trialId, true);
    const trial = (await getFixTrial(created.trialId))!;
    expect(trial).toMatchObject({ status: "done", agent: "worker_2", runs: 5, flipped: 5 });
    expect(trial.result.verdict).toBe("cures");
    expect(trial.result.baseline).toBe("failure");
    expect((await latestFixTrial(runId))?.id).toBe(trial.id);
    const { patterns } = await getFailurePatterns({ system });
    const mine = patterns.find((p) => p.runIds.includes(runId))!;
    expect(mine).toMatchObject({ fixType: trial.fixType, agents: ["worker_2"], verified: { tried: 1, flipped: 1 } });
  });

  it("an innocent agent's fix is tried as asked and does not cure; a cancelled trial stops", async () => {
    const runId = await wrongRun("aggregator", `fix-trial-b-${Date.now()}`);
    const created = await createFixTrial(runId, { agent: "planner", runs: 5 });
    if (!created.ok) throw new Error(created.message);
    await performFixTrial(created.trialId, false);
    expect(await getFixTrial(created.trialId)).toMatchObject({
      status: "done",
      agent: "planner",
      flipped: 0,
      result: { verdict: "does-not-cure" },
    });

    const next = await createFixTrial(runId, { runs: 5 });
    if (!next.ok) throw new Error(next.message);
    expect(await cancelFixTrial(next.trialId)).toBe(true);
    await performFixTrial(next.trialId, true);
    expect((await getFixTrial(next.trialId))?.status).toBe("cancelled");
    expect(await createFixTrial(runId, { agent: "nobody", runs: 1 })).toMatchObject({ ok: false });
  });
});
