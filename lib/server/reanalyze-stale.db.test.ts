import { afterAll, describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "@/lib/attribution/config";
import { culpritUpstreamVictimLast } from "@/lib/attribution/test-graphs";
import { ingestUpload } from "./ingest-upload";
import { pool } from "./pg-pool";
import { queue } from "./queue";
import { reanalyzeStale, staleRuns } from "./reanalyze-stale";
import { readStoredReport } from "./read-report";
import { db } from "./db";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

describe("re-analysis of reports from older engines (real Postgres)", () => {
  it("finds a run whose report an older engine wrote, re-analyzes it, and the page reader then sees it current", async () => {
    const trace = {
      ...culpritUpstreamVictimLast(),
      run: { ...culpritUpstreamVictimLast().run, title: `stale ${Date.now()}` },
    };
    const { runId } = await ingestUpload({ bytes: Buffer.from(JSON.stringify(trace)), fileName: "stale.json" });
    // Make the stored analysis look like an old engine (0.0.1) wrote it (no schemaVersion, old version).
    await pool().query(
      `UPDATE analyses SET "engineVersion" = '0.0.1', result = (result - 'schemaVersion') || '{"engineVersion":"0.0.1"}'::jsonb WHERE "runId" = $1`,
      [runId],
    );
    const before = await db().analysis.findFirst({ where: { runId, status: "done" }, orderBy: { createdAt: "desc" } });
    expect(readStoredReport(before!.result)!.stale).toMatch(/engine 0\.0\.1/);
    expect((await staleRuns()).map((r) => r.id)).toContain(runId);

    const lines: string[] = [];
    expect(await reanalyzeStale({ inline: true, log: (l) => lines.push(l) })).toBeGreaterThanOrEqual(1);
    const after = await db().analysis.findFirst({ where: { runId, status: "done" }, orderBy: { createdAt: "desc" } });
    expect(after!.engineVersion).toBe(ENGINE_VERSION);
    expect(readStoredReport(after!.result)!.stale).toBeNull();
    expect((await staleRuns()).map((r) => r.id)).not.toContain(runId);
  });
});
