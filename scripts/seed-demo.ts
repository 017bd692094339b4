/**
 * Loads the demo runs (public/demo/*.json) into an empty database and analyzes them.
 * Run by scripts/start.mjs on every start; does nothing once any run exists, so a user who
 * deleted the demos does not get them back uninvited.
 */
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "@/lib/importers";
import { ingestTrace } from "@/lib/server/ingest-trace";
import { scheduleAnalysis } from "@/lib/server/schedule-analysis";
import { pool } from "@/lib/server/pg-pool";

export const DEMO_DIR = path.join(process.cwd(), "public/demo");

export async function seedDemoRuns(options: { force?: boolean } = {}): Promise<number> {
  const { rows } = await pool().query<{ n: string }>("SELECT count(*) AS n FROM runs");
  if (!options.force && Number(rows[0].n) > 0) return 0;
  let loaded = 0;
  for (const file of fs
    .readdirSync(DEMO_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const { trace } = importTrace(fs.readFileSync(path.join(DEMO_DIR, file), "utf8"), { fileName: file });
    const { runId, created, analysisId } = await ingestTrace(trace, { isDemo: true });
    if (created) {
      await scheduleAnalysis(runId, trace.steps.length, analysisId);
      loaded++;
    }
  }
  return loaded;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = await seedDemoRuns({ force: process.argv.includes("--force") });
  console.log(n ? `Loaded ${n} demo run(s).` : "Database already has runs: demo runs not loaded.");
  await pool().end();
  process.exit(0);
}
