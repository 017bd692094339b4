import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clusterFailureSignatures } from "@/lib/patterns";
import { ingestUpload } from "../ingest-upload";
import { pool } from "../pg-pool";
import { queue } from "../queue";
import { readStoredReport } from "../read-report";
import { getFailurePatterns } from "./failure-patterns";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

describe("failure patterns (real Postgres)", () => {
  it("cluster the same as whole reports would, reading only the signature columns", async () => {
    const dir = path.join(process.cwd(), "public/demo");
    const system = `patterns-${Date.now()}`;
    const runIds: string[] = [];
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      // Same demo runs under a system of this test's own, so other files' runs stay out of the page.
      const trace = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
      trace.run = { ...trace.run, system, title: `${trace.run?.title ?? file} (${system})` };
      runIds.push((await ingestUpload({ bytes: Buffer.from(JSON.stringify(trace)), fileName: file })).runId);
    }
    const { rows } = await pool().query<{ runId: string; result: unknown }>(
      `SELECT "runId", result FROM analyses WHERE "runId" = ANY($1::uuid[]) AND status = 'done'`,
      [runIds],
    );
    const reports = rows.map((r) => ({ runId: r.runId, report: readStoredReport(r.result)!.report })).filter((r) => r.report.decisive);
    expect(reports.length).toBeGreaterThan(1);

    // An unknown outcome is no failed run: the page counts failed runs as the runs list does.
    const unknown = JSON.parse(fs.readFileSync(path.join(dir, "pipeline-false-success.json"), "utf8"));
    unknown.run = { ...unknown.run, system, outcome: "unknown", title: `unknown outcome (${system})` };
    await ingestUpload({ bytes: Buffer.from(JSON.stringify(unknown)), fileName: "unknown.json" });

    const patterns = await getFailurePatterns({ system });
    expect(patterns.analyzed).toBe(reports.length);
    const { rows: listed } = await pool().query(`SELECT 1 FROM runs WHERE system = $1 AND outcome = 'failure'`, [system]);
    expect(patterns.failed).toBe(listed.length);
    expect(patterns.failed).toBe(runIds.length);
    expect(patterns.clusters).toEqual(clusterFailureSignatures(reports));

    // With the stored reports emptied, nothing changes: the page never reads them.
    await pool().query(`UPDATE analyses SET result = '{}'::jsonb WHERE "runId" = ANY($1::uuid[])`, [runIds]);
    expect(await getFailurePatterns({ system })).toEqual(patterns);
  });
});
