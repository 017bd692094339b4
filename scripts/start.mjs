#!/usr/bin/env node
/**
 * `npm start`: everything a fresh clone needs, in order.
 *   1. database: DATABASE_URL if set, else the embedded PostgreSQL in .data/postgres
 *   2. Prisma client generation and migrations (offline-capable, scripts/prisma-offline.mjs)
 *   3. demo runs, when the database is empty
 *   4. `next build` when the build is missing or older than the sources (skipped with --dev)
 *   5. the web server on PORT (default 3000; scripts/serve.mjs, Next behind a small front) and one
 *      background worker, until Ctrl-C; either is
 *      restarted (with backoff) if it dies, without stopping Postgres; the embedded Postgres is
 *      restarted too when it dies
 * `npm run dev` is the same with `next dev`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startEmbeddedPostgres, ensureDatabase } from "./lib/embedded-postgres.mjs";
import { TS_NODE_ARGS } from "./lib/run-ts.mjs";
import { buildIsStale } from "./lib/build-freshness.mjs";
import { announceSetup, listenConfig, setupToken } from "./lib/listen-address.mjs";
import { supervise } from "./lib/supervise.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
const children = new Set();
let embedded;

const log = (msg) => console.log(`[culprit] ${msg}`);

function run(cmd, args, env) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(" ")} failed (exit ${r.status})`);
}

async function main() {
  // Every variable is parsed once by the server's config module (lib/server/config.ts): a bad value stops here.
  run(process.execPath, [...TS_NODE_ARGS, "scripts/check-config.ts"], process.env);
  const listen = listenConfig(process.env);
  if (listen.error) throw new Error(listen.error);
  let databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) log(`Using DATABASE_URL (${databaseUrl.replace(/\/\/[^@]*@/, "//***@")})`);
  else {
    const pgPort = Number(process.env.CULPRIT_PG_PORT ?? 54329);
    log(`Starting embedded PostgreSQL on 127.0.0.1:${pgPort} (data in .data/postgres)`);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(root, ".data/postgres"), port: pgPort });
    // Restarted when it dies (OOM kill, crash), until Ctrl-C.
    embedded.keepRunning(log);
    databaseUrl = await ensureDatabase(embedded.serverUrl, "culprit");
  }
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: port,
    CULPRIT_HOST: listen.host,
    CULPRIT_SETUP_TOKEN: setupToken(process.env),
  };

  log("Generating the Prisma client and applying migrations");
  run(process.execPath, ["scripts/prisma-offline.mjs", "generate"], env);
  run(process.execPath, ["scripts/prisma-offline.mjs", "deploy"], env);
  run(process.execPath, [...TS_NODE_ARGS, "scripts/seed-demo.ts"], env);

  const nextBin = path.join(root, "node_modules/next/dist/bin/next");
  if (!dev && buildIsStale(root)) {
    log("Building the app (first start or changed sources)");
    run(process.execPath, [nextBin, "build"], { ...env, NEXT_TELEMETRY_DISABLED: "1" });
  }
  log(
    `Serving on http://${listen.host.includes(":") ? `[${listen.host}]` : listen.host}:${port}${listen.signIn ? " (sign-in required)" : " (loopback only, no sign-in)"}`,
  );
  if (listen.signIn) await announceSetup({ databaseUrl, host: listen.host, port, token: env.CULPRIT_SETUP_TOKEN, log });
  // Either child is restarted with backoff when it dies; Postgres keeps running (only Ctrl-C stops all).
  const isStopping = () => stopping;
  supervise({
    name: "web server",
    cmd: process.execPath,
    // Production: Next's handler behind the front of decision 0023 (static files and the run page's
    // body served compressed once, load shedding); development: `next dev` as is.
    args: dev ? [nextBin, "dev", "-p", port, "-H", listen.host] : ["scripts/serve.mjs", "-p", port, "-H", listen.host],
    cwd: root,
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1" },
    children,
    isStopping,
    log,
    // Nothing answers while it is down: retry often (the worker may wait longer).
    maxBackoffMs: 5000,
  });
  supervise({
    name: "worker",
    cmd: process.execPath,
    args: [...TS_NODE_ARGS, "scripts/worker.ts"],
    cwd: root,
    env,
    children,
    isStopping,
    log,
    // Analyses are background work: on a small machine the web server's pages come first.
    niceness: 10,
  });
}

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  const exits = [...children].map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of children) child.kill("SIGTERM");
  // Give the children time to finish what they are doing before the database goes away.
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (embedded) await embedded.stop().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

main().catch(async (err) => {
  console.error(`[culprit] ${err.message}`);
  await shutdown(1);
});
