import { afterAll, inject } from "vitest";
import pg from "pg";
// @ts-expect-error plain ESM helper without types
import { recreateDatabase } from "../scripts/lib/embedded-postgres.mjs";

// Every test file gets a database of its own, a copy of the migrated template (a file copy, well
// under a second), so files run side by side and none sees another's rows. With `isolate` each file
// runs in a process of its own, so the process id names it uniquely among the files running now
// (VITEST_POOL_ID does not: it repeats across the projects' groups). DATABASE_URL is set before any
// server module reads it.
const server = inject("databaseServer");
const name = `culprit_test_p${process.pid}`;
process.env.DATABASE_URL = await recreateDatabase(server, name, { template: inject("templateDatabase") });

// Registered first, so it runs after the file's own afterAll hooks (which close its pools).
afterAll(async () => {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
});
