#!/usr/bin/env node
/**
 * The server Playwright tests run against: the production build on a throwaway database.
 * Uses TEST_DATABASE_SERVER (a Postgres server URL without database, set by scripts/test-all.mjs)
 * or starts its own embedded cluster in .data/test-postgres. Refuses non-local databases.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres, recreateDatabase } from "./lib/embedded-postgres.mjs";
import { TS_NODE_ARGS } from "./lib/run-ts.mjs";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { E2E_TEMPLATE, TEMPLATES_READY_ENV } from "./lib/test-databases.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.E2E_PORT ?? "3210";
let embedded;
let serverUrl = process.env.TEST_DATABASE_SERVER;
if (!serverUrl) {
  embedded = await startEmbeddedPostgres({
    dataDir: path.join(root, ".data/test-postgres"),
    port: Number(process.env.CULPRIT_TEST_PG_PORT ?? 54339),
    throwaway: true,
  });
  serverUrl = embedded.serverUrl;
}
if (!/@(127\.0\.0\.1|localhost)[:/]/.test(serverUrl)) throw new Error(`e2e refuses a non-local database: ${serverUrl}`);
// scripts/test-all.mjs made a migrated, seeded template while the static checks ran (and generated
// the Prisma client): the database is a copy of it. Otherwise it is migrated and seeded here.
const templateReady = !embedded && process.env[TEMPLATES_READY_ENV] === "1";
const databaseUrl = await recreateDatabase(serverUrl, "culprit_e2e", templateReady ? { template: E2E_TEMPLATE } : {});
const env = { ...process.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: "1", CULPRIT_OTLP_IDLE_SECONDS: "2" };
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, env, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${args.join(" ")} failed`);
};
if (!templateReady) {
  run(["scripts/prisma-offline.mjs", "generate"]);
  run(["scripts/prisma-offline.mjs", "deploy"]);
  run([...TS_NODE_ARGS, "scripts/seed-demo.ts"]);
}
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
if (buildIsStale(root)) run([nextBin, "build"]);
// A second server from the same build with sign-in required, on its own database, for
// e2e/access-control.spec.ts (port E2E_PORT + 2; the setup link's token is fixed here).
const authPort = String(Number(port) + 2);
// Its database starts as a copy of the one just migrated and seeded (nothing is connected to it yet):
// the same schema and demo runs, without running the migrations and the seed a second time.
const authEnv = {
  ...env,
  DATABASE_URL: await recreateDatabase(serverUrl, "culprit_e2e_auth", { template: "culprit_e2e" }),
  CULPRIT_AUTH: "required",
  CULPRIT_SETUP_TOKEN: "e2e-setup-token",
  PORT: authPort,
};
const children = [
  // The production server as `npm start` runs it: Next behind the front of decision 0023.
  spawn(process.execPath, ["scripts/serve.mjs", "-p", port, "-H", "127.0.0.1"], { cwd: root, env, stdio: "inherit" }),
  spawn(process.execPath, [...TS_NODE_ARGS, "scripts/worker.ts"], { cwd: root, env, stdio: "inherit" }),
  spawn(process.execPath, ["scripts/serve.mjs", "-p", authPort, "-H", "127.0.0.1"], {
    cwd: root,
    env: authEnv,
    stdio: "inherit",
  }),
];
const stop = async () => {
  for (const c of children) c.kill("SIGTERM");
  if (embedded) await embedded.stop().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
