import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ingestUpload } from "./ingest-upload";
import { pool } from "./pg-pool";
import { queue } from "./queue";
import { analysisListColumns } from "./analysis-columns";
import { readStoredReport } from "./read-report";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

const migration = (name: string) => path.resolve(import.meta.dirname, "../../prisma/migrations", name, "migration.sql");
/** A migration's backfill: its statements from the first UPDATE on. */
const backfillOf = (name: string) => {
  const sql = fs.readFileSync(migration(name), "utf8");
  return sql.slice(sql.indexOf('UPDATE "analyses"'));
};

describe("analysis summary columns (real Postgres)", () => {
  it("are written from the report when an analysis finishes, and the migration's backfill writes the same", async () => {
    const file = path.join(
      process.cwd(),
      "public/demo",
      fs
        .readdirSync(path.join(process.cwd(), "public/demo"))
        .filter((f) => f.endsWith(".json"))
        .sort()[0],
    );
    const { runId } = await ingestUpload({ bytes: fs.readFileSync(file), fileName: path.basename(file) });
    const read = async () =>
      (
        await pool().query(
          `SELECT result, "trajectoryMetrics", "agentFigures", "signatureFields", "detectorHits" FROM analyses WHERE "runId" = $1 AND status = 'done'`,
          [runId],
        )
      ).rows[0];
    const written = await read();
    const report = readStoredReport(written.result)!.report;
    const expected = analysisListColumns(report);
    expect(expected.trajectoryMetrics).not.toBeNull();
    expect(written.trajectoryMetrics).toEqual(expected.trajectoryMetrics);
    expect(written.agentFigures).toEqual(expected.agentFigures);
    expect(written.agentFigures.length).toBe(report.trajectory!.perAgent.length);
    expect(expected.signatureFields?.decisive).toEqual(report.decisive);
    expect(expected.signatureFields?.steps.map((s) => s.stepId)).toEqual([report.decisive!.stepId]);
    expect(written.signatureFields).toEqual(expected.signatureFields);
    // Every step with a detector at 0.5 or more, and only those, with its names in report order.
    const fired = report.steps.filter((s) => s.detectors.some((d) => d.score >= 0.5));
    expect(fired.length).toBeGreaterThan(0);
    expect(expected.detectorHits.map((h) => h.stepId)).toEqual(fired.map((s) => s.stepId));
    expect(expected.detectorHits[0].detectors).toEqual(
      fired[0].detectors.filter((d) => d.score >= 0.5).map((d) => d.name),
    );
    expect(written.detectorHits).toEqual(expected.detectorHits);

    // An analysis stored before the columns existed: the migration's UPDATE fills them in.
    await pool().query(
      `UPDATE analyses SET "trajectoryMetrics" = NULL, "agentFigures" = NULL, "signatureFields" = NULL, "detectorHits" = NULL WHERE "runId" = $1`,
      [runId],
    );
    await pool().query(backfillOf("20261201170000_trajectory_summary_columns"));
    await pool().query(backfillOf("20261201180000_detector_hits"));
    await pool().query(backfillOf("20261201212826_fix_trials"));
    const again = await read();
    expect(again.trajectoryMetrics).toEqual(expected.trajectoryMetrics);
    expect(again.agentFigures).toEqual(expected.agentFigures);
    expect(again.signatureFields).toEqual(expected.signatureFields);
    expect(again.detectorHits).toEqual(expected.detectorHits);
  });
});
