import { afterAll, inject } from "vitest";
import pg from "pg";
// @ts-expect-error plain ESM helper without types
import { recreateDatabase } from "../scripts/lib/embedded-postgres.mjs";
import { reloadConfig } from "@/lib/server/config";
import { resetServerState } from "@/lib/server/reset-server-state";

// Every test file gets a database of its own, a copy of the migrated template (a file copy, well
// under a second), so files run side by side and none sees another's rows. The files of a worker
// run one after another in one process (the db project does not isolate them, ADR 0021), so the
// name is the process id (unique among the workers running now; VITEST_POOL_ID repeats across the
// projects' groups) plus this process's count of files so far.
const server = inject("databaseServer");
const files = globalThis as typeof globalThis & { __culpritDbTestFiles?: number };
files.__culpritDbTestFiles = (files.__culpritDbTestFiles ?? 0) + 1;
const name = `culprit_test_p${process.pid}_${files.__culpritDbTestFiles}`;
// The environment as the file found it: what the file sets and forgets to restore must not reach
// the next file in this process.
const environment = { ...process.env };
process.env.DATABASE_URL = await recreateDatabase(server, name, { template: inject("templateDatabase") });
// The configuration (and with it DATABASE_URL) is parsed again before any server module reads it.
reloadConfig();

// Registered first, so it runs after the file's own afterAll hooks. Then the server's process-wide
// resources (pool, Prisma, queue, auth) are ended and forgotten, so the next file builds them afresh
// on its own database, and the environment is put back. The sandbox threads stay warm (they hold no
// connection and no state between tasks; reset-server-state.ts).
afterAll(async () => {
  await resetServerState();
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  reloadConfig();
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
});
