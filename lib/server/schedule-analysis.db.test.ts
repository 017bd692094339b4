import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importTrace } from "@/lib/importers";
import { analyzeTrace } from "@/lib/attribution";
import { validateTrace } from "@/lib/trace/validate-trace";
import { minimalTrace } from "@/lib/trace/test-traces";
import { ingestTrace } from "./ingest-trace";
import { ingestUpload } from "./ingest-upload";
import { scheduleAnalysis } from "./schedule-analysis";
import { performAnalysis } from "./analyze-run";
import { queue, ANALYZE_QUEUE } from "./queue";
import { db } from "./db";
import { pool } from "./pg-pool";
import { reloadConfig } from "@/lib/server/config";

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
});

describe("analysis in the app (real Postgres)", () => {
  it("gives the same verdict as the database-free CLI path for every demo run", async () => {
    const dir = path.join(process.cwd(), "public/demo");
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const bytes = fs.readFileSync(path.join(dir, file));
      const { runId } = await ingestUpload({ bytes, fileName: file });
      const stored = await db().analysis.findFirst({ where: { runId }, orderBy: { createdAt: "desc" } });
      expect(stored?.status, file).toBe("done");
      const offline = analyzeTrace(importTrace(bytes.toString("utf8"), { fileName: file }).trace);
      expect(stored?.result, file).toEqual(JSON.parse(JSON.stringify(offline)));
      // The list columns are copied from the report, so the runs list never reads whole reports.
      expect(stored?.culpritAgent, file).toBe(offline.decisive?.agent ?? null);
      expect(stored?.interactionClass, file).toBe(offline.interaction.class);
    }
  });

  it("sends large runs to the pg-boss queue, where a worker picks them up", async () => {
    process.env.CULPRIT_INLINE_ANALYSIS_MAX_STEPS = "1";
    reloadConfig();
    try {
      const { runId } = await ingestTrace(validateTrace(minimalTrace({ title: "queued run" })));
      const { analysisId, queued } = await scheduleAnalysis(runId, 2);
      expect(queued).toBe(true);
      expect((await db().analysis.findUnique({ where: { id: analysisId } }))?.status).toBe("queued");

      const boss = await queue();
      const handled = new Promise<string>((resolve) => {
        void boss.work<{ analysisId: string }>(ANALYZE_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          // Other tests leave jobs in the shared queue (some of deliberately huge runs): this test's
          // stand-in worker completes them untouched and analyzes only its own.
          if (job.data.analysisId !== analysisId) return;
          await performAnalysis(job.data.analysisId);
          resolve(job.data.analysisId);
        });
      });
      expect(await handled).toBe(analysisId);
      const done = await db().analysis.findUnique({ where: { id: analysisId } });
      expect(done).toMatchObject({ status: "done", progress: 1 });
      expect((done?.result as { engineVersion?: string }).engineVersion).toBe(done?.engineVersion);
    } finally {
      delete process.env.CULPRIT_INLINE_ANALYSIS_MAX_STEPS;
      reloadConfig();
    }
  });
});
