import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { reloadConfig } from "./config";
import { db } from "./db";
import { APPLICATION_NAME, pool } from "./pg-pool";
import { queue } from "./queue";

// A small pool, so "Prisma waits for the shared pool" is visible: with a pool of its own, Prisma
// would open more connections than this.
const MAX = 3;
process.env.CULPRIT_DB_POOL_MAX = String(MAX);
reloadConfig();

/** A connection outside the app's pool that watches the app's connections. */
const probe = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: "culprit-test-probe" });

afterAll(async () => {
  const boss = await queue();
  await boss.stop({ graceful: false, wait: true });
  await pool().end();
  await probe.end();
  delete process.env.CULPRIT_DB_POOL_MAX;
});

async function clientBackends() {
  const { rows } = await probe.query<{ application_name: string; n: number }>(
    `SELECT application_name, count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.application_name, r.n]));
}

describe("one pg pool per process", () => {
  it("Prisma, raw SQL and pg-boss all borrow from the one pool, and never hold more than its size", async () => {
    await probe.connect();
    expect(pool().totalCount).toBe(0);

    // pg-boss starts (creates its schema and queue) through the pool's connections.
    const boss = await queue();
    await boss.send("one-pool-test", { n: 1 });

    // More concurrent Prisma queries than the pool has connections. With a pool of its own, Prisma
    // would hold MAX + 3 connections while they sleep; sharing the one pool, the database sees MAX.
    // The connections open one by one (each with a password exchange), slower on a busy machine: the
    // probe watches until the pool is full, and at no time sees more than MAX.
    const sleeps = Array.from({ length: MAX + 3 }, () => db().$queryRaw`SELECT 1 AS one FROM pg_sleep(1)`);
    let duringLoad: Record<string, number> = {};
    for (const until = Date.now() + 900; Date.now() < until; await new Promise((r) => setTimeout(r, 25))) {
      duringLoad = await clientBackends();
      expect(duringLoad[APPLICATION_NAME] ?? 0).toBeLessThanOrEqual(MAX);
      if (duringLoad[APPLICATION_NAME] === MAX) break;
    }
    expect(duringLoad).toEqual({ [APPLICATION_NAME]: MAX });
    expect(pool().totalCount).toBe(MAX);
    await Promise.all([...sleeps, pool().query("SELECT 1")]);

    // Every query, whichever way it was made, ran on a connection named by the one pool.
    const [{ application_name: viaPrisma }] = await db().$queryRaw<
      { application_name: string }[]
    >`SELECT current_setting('application_name') AS application_name`;
    expect(viaPrisma).toBe(APPLICATION_NAME);
    const backends = await clientBackends();
    expect(Object.keys(backends)).toEqual([APPLICATION_NAME]);
    expect(backends[APPLICATION_NAME]).toBeLessThanOrEqual(MAX);
  });
});
