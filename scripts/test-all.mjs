#!/usr/bin/env node
/**
 * `npm test`: every test, on a fresh machine, with nothing started by hand.
 *   1. Prisma client generation, type check and lint
 *   2. one embedded PostgreSQL for all tests (.data/test-postgres; never the development database)
 *   3. Vitest: unit tests and database integration tests
 *   4. Playwright e2e in real Chromium against the production build (scripts/e2e-server.mjs)
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const started = Date.now();
const step = (name, cmd, args, env = process.env) => {
  const t = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  console.log(`=== ${name}: ${r.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return r.status === 0;
};

let ok = step("prisma generate", process.execPath, ["scripts/prisma-offline.mjs", "generate"]);
ok = ok && step("typecheck", bin("tsc"), ["--noEmit", "-p", "."]);
ok = ok && step("lint", bin("eslint"), ["."]);

let embedded;
if (ok) {
  embedded = await startEmbeddedPostgres({ dataDir: path.join(root, ".data/test-postgres"), port: Number(process.env.CULPRIT_TEST_PG_PORT ?? 54339), throwaway: true });
  const env = { ...process.env, TEST_DATABASE_SERVER: embedded.serverUrl };
  ok = step("unit and database tests (vitest)", bin("vitest"), ["run"], env);
  ok = step("e2e tests (playwright, chromium)", bin("playwright"), ["test"], env) && ok;
  await embedded.stop().catch(() => {});
}
console.log(`\nAll tests ${ok ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(ok ? 0 : 1);
