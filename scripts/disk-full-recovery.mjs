#!/usr/bin/env node
/**
 * Security review check 32: fills the disk under an embedded cluster until Postgres fails, frees the
 * space, and measures how long the supervisor (scripts/lib/embedded-postgres.mjs keepRunning, as
 * `npm start` uses it) takes to have the cluster answering again.
 *   node scripts/disk-full-recovery.mjs <dir on a small filesystem> [port]
 * e.g. as root: mkdir -p /tmp/small && mount -t tmpfs -o size=150m tmpfs /tmp/small
 *               node scripts/disk-full-recovery.mjs /tmp/small 55411
 * It fills the disk completely, so Postgres meets a full disk when it writes WAL (a PANIC).
 * The cluster lives in <dir>/pg and a filler file in <dir>/filler; both are removed at the end.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./lib/embedded-postgres.mjs";

const [dir, portArg = "55411"] = process.argv.slice(2);
if (!dir) throw new Error("usage: node scripts/disk-full-recovery.mjs <dir on a small filesystem> [port]");
const t0 = Date.now();
const log = (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${m}`);
const dataDir = path.join(dir, "pg");
const filler = path.join(dir, "filler");
const db = await startEmbeddedPostgres({ dataDir, port: Number(portArg), quiet: false });
db.keepRunning(log);
const url = `${db.serverUrl}/postgres`;
const query = async (sql) => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end().catch(() => {});
  }
};
await query("CREATE TABLE IF NOT EXISTS fill (x text) WITH (vacuum_truncate = false)");
// Free pages inside the table, so later rows need no new data file space, only WAL: with the disk
// full, the next WAL segment cannot be created and Postgres PANICs (as in the review), instead of
// the gentler "could not extend file" (53100) that a growing table meets first.
await query("INSERT INTO fill SELECT repeat(md5(random()::text), 30) FROM generate_series(1, 30000)");
await query("DELETE FROM fill");
await query("VACUUM fill");

// Fill the disk, then write rows until Postgres fails.
const fd = fs.openSync(filler, "w");
const chunk = Buffer.alloc(1 << 20);
try {
  for (;;) fs.writeSync(fd, chunk);
} catch (err) {
  log(`filler stopped: ${err.code}`);
}
fs.closeSync(fd);
const free = fs.statfsSync(dir);
log(`free space now ${((free.bavail * free.bsize) / 1048576).toFixed(1)} MB`);
let failure = "none";
for (let i = 0; i < 2000; i++) {
  try {
    await query("INSERT INTO fill SELECT repeat(md5(random()::text), 30) FROM generate_series(1, 2000)");
  } catch (err) {
    failure = `${err.code ?? ""} ${err.message}`;
    break;
  }
}
log(`Postgres failed with: ${failure}`);
await new Promise((r) => setTimeout(r, 3000));
const down = await query("SELECT 1").then(
  () => false,
  () => true,
);
log(down ? "the cluster is down" : "the cluster still answers");
fs.rmSync(filler);
const freedAt = Date.now();
log("filler removed; waiting for the cluster to answer");
let back = false;
for (let i = 0; i < 240 && !back; i++) {
  back = await query("SELECT count(*) FROM fill").then(
    () => true,
    () => false,
  );
  if (!back) await new Promise((r) => setTimeout(r, 500));
}
log(
  back ? `answering ${((Date.now() - freedAt) / 1000).toFixed(1)} s after the space came back` : "not back after 2 min",
);
await db.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(back ? 0 : 1);
