#!/usr/bin/env node
/**
 * `npm test`: every test, on a fresh machine, with nothing started by hand.
 *
 * Sized for 2 cores around the one chain everything else can run beside: the production build,
 * then Playwright e2e (ADR 0021). Postgres starts at once, beside everything else.
 *   - Critical path, at normal CPU priority: prisma generate; the production build (made without a
 *     type check of its own: the typecheck suite runs it); the liveness tests beside the build, as
 *     soon as the test template is made (they must not run beside e2e); then e2e, beside the other
 *     database tests, whose files run side by side, each on its own copy of a migrated template
 *     database: both mostly wait (on Postgres, on the browser), so they overlap well.
 *   - The unit tests from the start, beside the build, at normal priority (they have time limits).
 *   - In the background, at low CPU priority (nice 10), the suites nothing waits for and that have
 *     no time limits: lint, format check, and the type check once the build has written the route
 *     types it reads. They take the cores whenever the rest waits, instead of slowing it down.
 * Every suite runs even when another failed, so one run reports every failure (only e2e without a
 * build is skipped). Output of each suite is printed in one piece when it ends; the end gives every
 * suite's time and the wall time.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";
import { TEMPLATES_READY_ENV } from "./lib/test-databases.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const started = Date.now();
const results = [];
const since = () => ((Date.now() - started) / 1000).toFixed(0).padStart(4);

/**
 * CPU priority of the background suites: with nice 10 against the critical path's 0, Linux gives
 * them about a tenth of a contended core, and all of an idle one.
 */
const BACKGROUND = 10;

/** Runs one command (at `nice` priority, 0 = normal); its output is held and printed in one piece when it ends. */
function run(cmd, args, env, nice) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    // Set before the child has started its own workers (it is still loading), which inherit it.
    if (nice && child.pid) {
      try {
        os.setPriority(child.pid, nice);
      } catch {
        // Not permitted here: the suite runs at normal priority, only slower to finish overall.
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
  console.log(`[${since()} s] start  ${name}${nice ? " (background)" : ""}`);
  let ok = true;
  const outputs = [];
  for (const [cmd, args] of commands) {
    const { code, output } = await run(cmd, args, env, nice);
    outputs.push(output);
    // Vitest can exit 0 after failures when a handle keeps it alive past its close timeout: its
    // own summary line decides, not only the exit code.
    if (code !== 0 || /^\s*Tests\s+\d+ failed/m.test(output.toString("utf8").replace(/\x1b\[[0-9;]*m/g, ""))) ok = false;
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
const generated = await suite("prisma generate", [[process.execPath, ["scripts/prisma-offline.mjs", "generate"]]]);

let ok = generated;
if (generated) {
  // The template databases every suite copies its databases from (one migration, one demo seed
  // per run); the suites that need Postgres wait for them. The database tests need only the
  // migrated one, so they start while the e2e template is seeded.
  const templates = (which, name) =>
    postgres.then((server) =>
      server ? suite(name, [[process.execPath, ["scripts/lib/test-databases.mjs", which]]], { ...process.env, TEST_DATABASE_SERVER: server.serverUrl }) : false,
    );
  const testTemplate = templates("test", "test database template (migrate)");
  const e2eTemplate = testTemplate.then((made) => made && templates("e2e", "e2e database template (seed the demo runs)"));
  // The critical path starts at once: e2e, the longest suite, needs the build, and the build needs
  // nothing but the generated client. It used to wait for the static checks (40 s on 2 cores).
  const built = suite("production build (for e2e)", [[process.execPath, [nextBin, "build"]]], {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    CULPRIT_BUILD_SKIP_TYPECHECK: "1",
  });
  // The unit tests, at normal priority: their 5 s test timeout is not made for a tenth of a core.
  // They run in one vitest worker (sharing one module graph), beside the build.
  const unit = suite("unit tests (vitest)", [[bin("vitest"), ["run", "--project", "unit"]]]);
  // The background suites: they have no time limits, so they can wait for idle cores.
  const background = { nice: BACKGROUND };
  const lint = suite("lint", [[bin("eslint"), ["."]]], process.env, background);
  const format = suite("format check (prettier)", [[bin("prettier"), ["--check", ".", "--log-level", "warn"]]], process.env, background);
  // The type check reads the route types in .next/types (next-env.d.ts imports them), which the
  // build writes: beside the build it could read them half written. After a build it checks the
  // types that build wrote, the same tsconfig the build would check (so the build skips its own
  // pass); after a failed build it generates them itself first, as `next build` would.
  const typecheck = built.then((buildOk) =>
    suite("typecheck", [...(buildOk ? [] : [[process.execPath, [nextBin, "typegen"]]]), [bin("tsc"), ["--noEmit", "-p", "."]]], process.env, background),
  );
  const server = await postgres;
  const serverEnv = server && { ...process.env, TEST_DATABASE_SERVER: server.serverUrl };
  const env = server && { ...serverEnv, ...((await testTemplate) ? { [TEMPLATES_READY_ENV]: "1" } : {}) };
  // The liveness tests measure how fast the server answers /api/health while it digests hostile
  // uploads: they run beside the build (as they always have), never beside e2e (a browser and a
  // second server would be measured instead); the other database tests then run beside e2e.
  // They are vitest's `db-liveness` project (vitest.config.ts); `db` holds the other files.
  const liveness = env
    ? suite("database liveness tests (vitest, before e2e)", [[bin("vitest"), ["run", "--project", "db-liveness"]]], env)
    : skipped("database liveness tests (vitest, before e2e)", "embedded Postgres");
  const db = liveness.then(() =>
    env ? suite("database tests (vitest)", [[bin("vitest"), ["run", "--project", "db"]]], env) : skipped("database tests (vitest)", "embedded Postgres"),
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
  ok = (await all(liveness, db, built, e2e, unit, lint, format, typecheck)) && (await testTemplate) && (await e2eTemplate);
}
const embedded = await postgres;
await embedded?.stop().catch(() => {});

const total = ((Date.now() - started) / 1000).toFixed(0);
console.log("\nsuite times:");
for (const r of results) console.log(`  ${r.skipped ? "SKIPPED" : r.ok ? "ok     " : "FAILED "} ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`);
const passed = results.filter((r) => r.ok).length;
console.log(`\nAll tests ${ok ? "passed" : "FAILED"} in ${total} s (wall time)`);
console.log(`suites: ${passed} passed, ${results.length - passed} failed or skipped`);
process.exit(ok ? 0 : 1);
