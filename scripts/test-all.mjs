#!/usr/bin/env node
/**
 * `npm test`: every test, on a fresh machine, with nothing started by hand.
 *
 * Two stages, sized for 2 cores; Postgres starts at once, beside everything else.
 *   1. prisma generate; then in parallel: type check (next typegen + TypeScript 7's native tsc), lint
 *      and format check (Biome, native), unit tests, all computing. The static checks take seconds.
 *   2. starts the moment the static checks are done (beside the unit tests, which take longer): the
 *      production build (made without a type check of its own: stage 1 ran it) beside the liveness
 *      tests; then Playwright e2e beside the other database tests, whose files run side by side,
 *      each on its own copy of a migrated template database (ADR 0021): both mostly wait (on
 *      Postgres, on the browser), so they overlap well.
 * Stage 2 runs even when stage 1 failed, so one run reports every failure (only e2e without a
 * build is skipped). Output of each suite is printed in one piece when it ends; the end gives every
 * suite's time and the wall time.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";
import { TEMPLATES_READY_ENV } from "./lib/test-databases.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
// The native TypeScript 7 compiler (npm alias `typescript7`): the same check as TypeScript 5's tsc,
// at a fifth of its CPU time. Next.js keeps the `typescript` 5 package for its own use (ADR 0025).
const tsc = path.join(root, "node_modules/typescript7/bin/tsc");
const started = Date.now();
const results = [];
const since = () => ((Date.now() - started) / 1000).toFixed(0).padStart(4);

/**
 * Runs one command (at CPU priority `nice`, 0 = normal); its output is held and printed in one piece
 * when it ends.
 */
function run(cmd, args, env, nice = 0) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    // Set while the child is still loading, before it starts its own workers (they inherit it).
    if (nice && child.pid) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // Not permitted (a raised priority needs root): the suite runs at normal priority.
      }
    }
    const chunks = [];
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    child.on("close", (code) => resolve({ code, output: Buffer.concat(chunks) }));
  });
}

/** Runs a suite: one or more commands in order, stopping at the first that fails. */
async function suite(name, commands, env = process.env, { nice = 0 } = {}) {
  const t = Date.now();
  console.log(`[${since()} s] start  ${name}`);
  let ok = true;
  const outputs = [];
  for (const [cmd, args] of commands) {
    const { code, output } = await run(cmd, args, env, nice);
    outputs.push(output);
    // Vitest can exit 0 after failures when a handle keeps it alive past its close timeout: its
    // own summary line decides, not only the exit code.
    if (code !== 0 || /^\s*Tests\s+\d+ failed/m.test(output.toString("utf8").replace(/\x1b\[[0-9;]*m/g, "")))
      ok = false;
    if (!ok) break;
  }
  const seconds = (Date.now() - t) / 1000;
  console.log(`\n=== ${name}`);
  for (const o of outputs) process.stdout.write(o);
  console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} in ${seconds.toFixed(1)} s (ended at ${since().trim()} s)\n`);
  results.push({ name, ok, seconds });
  return ok;
}

/** A suite that cannot run because something it needs failed. */
function skipped(name, because) {
  console.log(`=== ${name}: skipped (${because} failed)`);
  results.push({ name, ok: false, seconds: 0, skipped: true });
  return false;
}

/**
 * CPU priority of the liveness tests (-5: about three times the CPU share of a normal process on a
 * contended core). Root may raise a priority; anyone else runs them at normal priority.
 */
const LIVENESS_NICE = -5;

const all = async (...runs) => (await Promise.all(runs)).every(Boolean);

// Postgres starts while Prisma generates: neither needs the other.
const postgres = startEmbeddedPostgres({
  dataDir: path.join(root, ".data/test-postgres"),
  port: Number(process.env.CULPRIT_TEST_PG_PORT ?? 54339),
  throwaway: true,
}).then(
  (embedded) => embedded,
  (err) => {
    console.error(`embedded Postgres did not start: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  },
);
// Lint and the format check need nothing generated: they start at once.
const lintAndFormat = suite("lint and format check (biome)", [[bin("biome"), ["ci", "--colors=off", "."]]]);
const generated = await suite("prisma generate", [[process.execPath, ["scripts/prisma-offline.mjs", "generate"]]]);

let ok = generated;
if (generated) {
  // The template databases every suite copies its databases from (one migration, one demo seed
  // per run), made while stage 1 computes; the suites that need Postgres wait for them. The
  // database tests need only the migrated one, so they can start while the e2e one is seeded.
  const templates = (which, name) =>
    postgres.then((server) =>
      server
        ? suite(name, [[process.execPath, ["scripts/lib/test-databases.mjs", which]]], {
            ...process.env,
            TEST_DATABASE_SERVER: server.serverUrl,
          })
        : false,
    );
  const testTemplate = templates("test", "test database template (migrate)");
  const e2eTemplate = testTemplate.then(
    (made) => made && templates("e2e", "e2e database template (seed the demo runs)"),
  );
  // 1. The static checks and the unit tests (all computing). The unit tests run in one vitest worker
  //    and outlast the static checks by far, so the moment the static checks are done, stage 2
  //    starts on the core they leave free (it used to wait for the unit tests while that core stood
  //    idle).
  //    The typecheck suite checks the same tsconfig the build would, route types generated first as
  //    the build does, so the build below skips its own pass: the same check would run twice.
  const unit = suite("unit tests (vitest)", [[bin("vitest"), ["run", "--project", "unit"]]]);
  const staticChecks = all(
    suite("typecheck (TypeScript 7)", [
      [process.execPath, [nextBin, "typegen"]],
      [process.execPath, [tsc, "--noEmit", "-p", "."]],
    ]),
    lintAndFormat,
  );
  await staticChecks;
  // 2. The production build beside the liveness tests (beside the unit tests' one worker); then e2e
  //    beside the other database tests (both mostly wait: on Postgres, on the browser).
  const built = suite("production build (for e2e)", [[process.execPath, [nextBin, "build"]]], {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    CULPRIT_BUILD_SKIP_TYPECHECK: "1",
    // Reuse Turbopack's build cache if an earlier build left one; never start one here (next.config.ts).
    ...(fs.existsSync(path.join(root, ".next/cache/turbopack")) ? {} : { CULPRIT_BUILD_CACHE: "off" }),
  });
  const server = await postgres;
  const serverEnv = server && { ...process.env, TEST_DATABASE_SERVER: server.serverUrl };
  const env = server && { ...serverEnv, ...((await testTemplate) ? { [TEMPLATES_READY_ENV]: "1" } : {}) };
  // The liveness tests measure how fast the server answers /api/health while it digests hostile
  // uploads: they run before e2e starts (a browser and a second server would be measured instead),
  // beside the build as they always have (and now the unit tests' one worker); the other database
  // tests then run beside e2e.
  // Their 2 s bound is about this process being served, not about the build and the unit tests
  // beside it: they run at a raised CPU priority (LIVENESS_NICE) so a busy machine cannot fail them.
  // They are vitest's `db-liveness` project (vitest.config.ts); `db` holds the other files.
  const liveness = env
    ? suite(
        "database liveness tests (vitest, before e2e)",
        [[bin("vitest"), ["run", "--project", "db-liveness"]]],
        env,
        { nice: LIVENESS_NICE },
      )
    : skipped("database liveness tests (vitest, before e2e)", "embedded Postgres");
  const db = liveness.then(() =>
    env
      ? // They run beside e2e (a server and a browser): their import limits check correctness, not who
        // gets the CPU first, so their sandbox processes compete at the test process's own priority.
        suite("database tests (vitest)", [[bin("vitest"), ["run", "--project", "db"]]], {
          ...env,
          CULPRIT_SANDBOX_NICE: "0",
        })
      : skipped("database tests (vitest)", "embedded Postgres"),
  );
  const e2e = Promise.all([built, liveness, e2eTemplate]).then(([buildOk, , e2eTemplateOk]) =>
    !buildOk
      ? skipped("e2e tests (playwright, chromium)", "the production build")
      : !server
        ? skipped("e2e tests (playwright, chromium)", "embedded Postgres")
        : suite("e2e tests (playwright, chromium)", [[bin("playwright"), ["test"]]], {
            ...serverEnv,
            ...(e2eTemplateOk ? { [TEMPLATES_READY_ENV]: "1" } : {}),
          }),
  );
  const static1 = (await staticChecks) && (await unit);
  ok = (await all(liveness, db, built, e2e)) && static1 && (await testTemplate) && (await e2eTemplate);
}
if (!generated) await lintAndFormat;
const embedded = await postgres;
await embedded?.stop().catch(() => {});

const total = ((Date.now() - started) / 1000).toFixed(0);
console.log("\nsuite times:");
for (const r of results)
  console.log(
    `  ${r.skipped ? "SKIPPED" : r.ok ? "ok     " : "FAILED "} ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`,
  );
const passed = results.filter((r) => r.ok).length;
console.log(`\nAll tests ${ok ? "passed" : "FAILED"} in ${total} s (wall time)`);
console.log(`suites: ${passed} passed, ${results.length - passed} failed or skipped`);
process.exit(ok ? 0 : 1);
