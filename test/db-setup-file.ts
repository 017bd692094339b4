import { inject } from "vitest";
// @ts-expect-error plain ESM helper without types
import { recreateDatabase } from "../scripts/lib/embedded-postgres.mjs";

// Every test file gets a database of its own, a copy of the migrated template (a file copy, well
// under a second), so files run in parallel and none sees another's rows. The name is the worker's:
// a worker runs one file at a time, and its next file drops and recreates it. DATABASE_URL is set
// before any server module reads it.
const worker = process.env.VITEST_POOL_ID ?? "0";
process.env.DATABASE_URL = await recreateDatabase(inject("databaseServer"), `culprit_test_${worker}`, { template: inject("templateDatabase") });
