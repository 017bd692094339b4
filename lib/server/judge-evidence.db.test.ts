import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { validateTrace } from "@/lib/trace/validate-trace";
import { minimalTrace } from "@/lib/trace/test-traces";
import type { AnalysisReport } from "@/lib/attribution/types";
import { ingestTrace } from "./ingest-trace";
import { scheduleAnalysis } from "./schedule-analysis";
import { db } from "./db";
import { pool } from "./pg-pool";
import { reloadConfig } from "@/lib/server/config";

// A fake OpenAI-compatible judge on loopback (never the network).
let server: http.Server;
let garbage = false;
beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    for await (const _ of req);
    if (garbage) return void res.writeHead(200).end("<html>not json</html>");
    const content = '{"agent": "Bob", "step": 1, "decisive": true, "p": 0.9, "reason": "Bob answered wrongly"}';
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.CULPRIT_JUDGE_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  process.env.CULPRIT_JUDGE_MODEL = "fake-judge";
  reloadConfig();
});
afterEach(() => {
  garbage = false;
});
afterAll(async () => {
  delete process.env.CULPRIT_JUDGE_BASE_URL;
  delete process.env.CULPRIT_JUDGE_MODEL;
  reloadConfig();
  server.closeAllConnections();
  server.close();
  await pool().end();
});

async function analyze(title: string): Promise<AnalysisReport> {
  const { runId } = await ingestTrace(validateTrace(minimalTrace({ title })));
  const { analysisId } = await scheduleAnalysis(runId, 2);
  const row = await db().analysis.findUnique({ where: { id: analysisId } });
  expect(row?.status).toBe("done");
  return row!.result as unknown as AnalysisReport;
}

describe("LLM judge in the app's analysis (real Postgres, fake judge on loopback)", () => {
  it("adds the judge's verdict as one more detector", async () => {
    const report = await analyze("judged run");
    const detectors = report.steps.find((s) => s.stepId === "s2")?.detectors.map((d) => d.name) ?? [];
    expect(detectors).toContain("llm-judge");
  });

  it("keeps the offline verdict when the judge answers garbage", async () => {
    garbage = true;
    const report = await analyze("judge down run");
    expect(report.steps.flatMap((s) => s.detectors.map((d) => d.name))).not.toContain("llm-judge");
    expect(report.engineVersion).toBeTruthy();
  });
});
