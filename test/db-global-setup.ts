import path from "node:path";
import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper without types
import { startEmbeddedPostgres, recreateDatabase } from "../scripts/lib/embedded-postgres.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Database integration tests run against a real PostgreSQL, in a database of their own that is
 * recreated on every run (never the development database). Reuses the server that
 * scripts/test-all.mjs started (TEST_DATABASE_SERVER), or starts an embedded one.
 */
export default async function setup(project: TestProject) {
  let stop: (() => Promise<void>) | undefined;
  let serverUrl = process.env.TEST_DATABASE_SERVER;
  if (!serverUrl) {
    const root = path.resolve(import.meta.dirname, "..");
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(root, ".data/test-postgres"),
      port: Number(process.env.CULPRIT_TEST_PG_PORT ?? 54339),
      throwaway: true,
    });
    serverUrl = embedded.serverUrl;
    stop = embedded.stop;
  }
  if (!/@(127\.0\.0\.1|localhost)[:/]/.test(serverUrl!)) throw new Error(`db tests refuse a non-local database: ${serverUrl}`);
  const databaseUrl: string = await recreateDatabase(serverUrl, "culprit_test");
  const r = spawnSync(process.execPath, ["scripts/prisma-offline.mjs", "deploy"], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`migrations failed: ${r.stderr}`);
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await stop?.();
  };
}
