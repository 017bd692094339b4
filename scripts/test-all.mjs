#!/usr/bin/env node
/**
 * `npm test`: every test, on a fresh machine, with nothing started by hand.
 *   1. Prisma client generation
 *   2. in parallel: type check, lint, format check, unit tests
 *   3. one embedded PostgreSQL for all tests (.data/test-postgres; never the development database);
 *      in parallel: database integration tests and the production build the e2e tests use
 *   4. Playwright e2e in real Chromium against that build (scripts/e2e-server.mjs)
 * Suites that run in parallel print their output when they finish, each under its own header; the
 * end gives every suite's time. Two at a time: this is sized for 2 cores.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const started = Date.now();
const results = [];

/** Runs one suite; with `buffered`, its output is held and printed in one piece when it ends. */
function suite(name, cmd, args, { env = process.env, buffered = false } = {}) {
  const t = Date.now();
  if (!buffered) console.log(`\n=== ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks = [];
    if (buffered) {
      child.stdout.on("data", (c) => chunks.push(c));
      child.stderr.on("data", (c) => chunks.push(c));
    }
    child.on("close", (code) => {
      const seconds = (Date.now() - t) / 1000;
      let ok = code === 0;
      if (buffered) {
        const output = Buffer.concat(chunks);
        console.log(`\n=== ${name}`);
        process.stdout.write(output);
        // Vitest can exit 0 after failures when a handle keeps it alive past its close timeout: its
        // own summary line decides, not only the exit code.
        if (/^\s*Tests\s+\d+ failed/m.test(output.toString("utf8").replace(/\x1b\[[0-9;]*m/g, ""))) ok = false;
      }
      console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s`);
      results.push({ name, ok, seconds });
      resolve(ok);
    });
  });
}

const all = async (...runs) => (await Promise.all(runs)).every(Boolean);

let ok = await suite("prisma generate", process.execPath, ["scripts/prisma-offline.mjs", "generate"]);
if (ok)
  ok = await all(
    suite("typecheck", bin("tsc"), ["--noEmit", "-p", "."], { buffered: true }),
    suite("lint", bin("eslint"), ["."], { buffered: true }),
    suite("format check (prettier)", bin("prettier"), ["--check", ".", "--log-level", "warn"], { buffered: true }),
    suite("unit tests (vitest)", bin("vitest"), ["run", "--project", "unit"], { buffered: true }),
  );

let embedded;
if (ok) {
  embedded = await startEmbeddedPostgres({ dataDir: path.join(root, ".data/test-postgres"), port: Number(process.env.CULPRIT_TEST_PG_PORT ?? 54339), throwaway: true });
  const env = { ...process.env, TEST_DATABASE_SERVER: embedded.serverUrl };
  const built = suite("production build (for e2e)", process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { env: { ...env, NEXT_TELEMETRY_DISABLED: "1" }, buffered: true });
  ok = await all(suite("database tests (vitest)", bin("vitest"), ["run", "--project", "db"], { env, buffered: true }), built);
  if (ok) ok = await suite("e2e tests (playwright, chromium)", bin("playwright"), ["test"], { env });
  await embedded.stop().catch(() => {});
}

const total = ((Date.now() - started) / 1000).toFixed(0);
console.log("\nsuite times:");
for (const r of results) console.log(`  ${r.ok ? "ok    " : "FAILED"} ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`);
const passed = results.filter((r) => r.ok).length;
console.log(`\nAll tests ${ok ? "passed" : "FAILED"} in ${total} s`);
console.log(`suites: ${passed} passed, ${results.length - passed} failed`);
process.exit(ok ? 0 : 1);
