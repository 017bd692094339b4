import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper without types
import { startEmbeddedPostgres } from "../scripts/lib/embedded-postgres.mjs";
// @ts-expect-error plain ESM helper without types
import { makeTestTemplate, TEST_TEMPLATE, TEMPLATES_READY_ENV } from "../scripts/lib/test-databases.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Postgres server (no database name): each test file makes its database there. */
    databaseServer: string;
    /** The migrated database each test file's database is copied from (nobody connects to it). */
    templateDatabase: string;
  }
}

/** The server and template, prepared once per vitest run even when two projects (db-liveness, db) both set up. */
type Prepared = { serverUrl: string; stop?: () => Promise<void>; users: number };
const shared = globalThis as typeof globalThis & { __culpritDbSetup?: Promise<Prepared> };

async function prepare(): Promise<Prepared> {
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
  if (!/@(127\.0\.0\.1|localhost)[:/]/.test(serverUrl!))
    throw new Error(`db tests refuse a non-local database: ${serverUrl}`);
  // scripts/test-all.mjs made the template once for every suite of the run; otherwise make it here.
  if (!(stop === undefined && process.env[TEMPLATES_READY_ENV] === "1")) await makeTestTemplate(serverUrl);
  return { serverUrl: serverUrl!, stop, users: 0 };
}

/**
 * Database integration tests run against a real PostgreSQL, never the development database.
 * Reuses the server that scripts/test-all.mjs started (TEST_DATABASE_SERVER), or starts an embedded
 * one. The migrations run once, into a template database (scripts/lib/test-databases.mjs);
 * test/db-setup-file.ts gives every test
 * file a fresh copy of it, so files can run side by side without seeing each other's rows.
 */
export default async function setup(project: TestProject) {
  const prepared = await (shared.__culpritDbSetup ??= prepare());
  prepared.users++;
  project.provide("databaseServer", prepared.serverUrl);
  project.provide("templateDatabase", TEST_TEMPLATE);
  return async () => {
    // The last project to finish stops the server this setup started (if it started one).
    if (--prepared.users === 0) {
      delete shared.__culpritDbSetup;
      await prepared.stop?.();
    }
  };
}
