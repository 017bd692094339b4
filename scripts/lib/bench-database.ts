import path from "node:path";
import { spawnSync } from "node:child_process";
// @ts-expect-error plain ESM helper without types
import { startEmbeddedPostgres, recreateDatabase } from "./embedded-postgres.mjs";

/**
 * A throwaway database for benchmarks: BENCH_DATABASE_SERVER (a server URL without database) or an
 * embedded cluster in .data/bench-postgres. Migrated; sets DATABASE_URL for server modules.
 */
export async function benchDatabase(): Promise<{ url: string; stop: () => Promise<void> }> {
  let serverUrl = process.env.BENCH_DATABASE_SERVER;
  let stop = async () => {};
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(".data/bench-postgres"),
      port: Number(process.env.CULPRIT_BENCH_PG_PORT ?? 54349),
      throwaway: true,
    });
    serverUrl = embedded.serverUrl;
    stop = embedded.stop;
  }
  const url: string = await recreateDatabase(serverUrl, "culprit_bench");
  const r = spawnSync(process.execPath, ["scripts/prisma-offline.mjs", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`migrations failed: ${r.stderr}`);
  process.env.DATABASE_URL = url;
  return { url, stop };
}

/** Peak resident set size of this process so far, in MB. */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
