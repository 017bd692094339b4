/**
 * The template databases the test suites copy their databases from (`CREATE DATABASE … TEMPLATE`,
 * a file copy: well under a second, against seconds for the migrations and the demo seed):
 * - `culprit_test_template`: migrated, pg-boss installed; every database test file runs on a copy (ADR 0021);
 * - `culprit_e2e_template`: migrated and seeded with the demo runs; the e2e servers run on copies.
 * Nobody may be connected to a template while it is copied, so nothing runs against them.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { recreateDatabase } from "./embedded-postgres.mjs";
import { TS_NODE_ARGS } from "./run-ts.mjs";

export const TEST_TEMPLATE = "culprit_test_template";
export const E2E_TEMPLATE = "culprit_e2e_template";
/** Set (to "1") by scripts/test-all.mjs once both templates are made: the suites then copy them as they are. */
export const TEMPLATES_READY_ENV = "TEST_DATABASE_TEMPLATES_READY";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function run(args, databaseUrl) {
  const r = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** (Re)makes the migrated test template, with pg-boss's schema installed; returns its URL. */
export async function makeTestTemplate(serverUrl) {
  const url = await recreateDatabase(serverUrl, TEST_TEMPLATE);
  run(["scripts/prisma-offline.mjs", "deploy"], url);
  run([...TS_NODE_ARGS, "scripts/lib/install-queue.ts"], url);
  return url;
}

/** (Re)makes the e2e template: a copy of the migrated test template (made first if `migrated` is false), seeded. */
export async function makeE2eTemplate(serverUrl, { migrated = false } = {}) {
  if (!migrated) await makeTestTemplate(serverUrl);
  const url = await recreateDatabase(serverUrl, E2E_TEMPLATE, { template: TEST_TEMPLATE });
  run([...TS_NODE_ARGS, "scripts/seed-demo.ts"], url);
  return url;
}

// `node scripts/lib/test-databases.mjs [test|e2e]` with TEST_DATABASE_SERVER: makes the test template,
// the e2e template from it (which must exist), or both (no argument). scripts/test-all.mjs makes
// them one after the other, so the database tests can start on the first while the second is seeded.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const serverUrl = process.env.TEST_DATABASE_SERVER;
  if (!serverUrl || !/@(127\.0\.0\.1|localhost)[:/]/.test(serverUrl))
    throw new Error(`test databases need a local TEST_DATABASE_SERVER, got: ${serverUrl}`);
  const which = process.argv[2] ?? "both";
  if (!["test", "e2e", "both"].includes(which))
    throw new Error(`unknown template "${which}": test, e2e or none for both`);
  if (which !== "e2e") {
    await makeTestTemplate(serverUrl);
    console.log(`made ${TEST_TEMPLATE} (migrated)`);
  }
  if (which !== "test") {
    await makeE2eTemplate(serverUrl, { migrated: true });
    console.log(`made ${E2E_TEMPLATE} (migrated, demo runs seeded)`);
  }
}
