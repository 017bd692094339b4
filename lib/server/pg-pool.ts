import "server-only";
import pg from "pg";
import { config } from "./config";
import { databaseUrl } from "./database-url";

// The one pg pool of this process. Prisma (db.ts, through PrismaPg), raw SQL and COPY
// (transaction.ts, the queries that Prisma cannot express) and pg-boss (queue.ts, through its `db`
// adapter) all borrow connections from it, so a process holds at most CULPRIT_DB_POOL_MAX
// connections and one place decides timeouts and error handling (ADR 0012).
const globalForPool = globalThis as unknown as { culpritPool?: pg.Pool };

/** Connections of one process take this name in `pg_stat_activity`, so they can be counted per process. */
export const APPLICATION_NAME = "culprit";

export function pool(): pg.Pool {
  if (!globalForPool.culpritPool) {
    const max = config().CULPRIT_DB_POOL_MAX;
    // connectionTimeoutMillis: a waiter gives up instead of waiting forever on an exhausted pool.
    // keepAlive and query_timeout: a query on a connection whose server died fails within minutes
    // instead of waiting for ever (security review M-1); 5 minutes is past the longest legitimate
    // statement (storing a 200k-step report).
    const p = new pg.Pool({
      connectionString: databaseUrl(),
      max,
      connectionTimeoutMillis: 30_000,
      application_name: APPLICATION_NAME,
      keepAlive: true,
      query_timeout: 300_000,
    });
    // An idle connection the server closed (restart, admin shutdown) must not crash the process:
    // without a listener, pg's 'error' event is an uncaught exception. The pool replaces it.
    p.on("error", (err) => console.error(`[db] idle connection lost: ${err.message}`));
    globalForPool.culpritPool = p;
  }
  return globalForPool.culpritPool;
}

/**
 * Ends the pool and forgets it, so the next `pool()` opens a new one on the then-current
 * `DATABASE_URL`. For a process that runs several database test files one after another (each on
 * its own database, ADR 0021); a pool someone already ended is just forgotten.
 */
export async function endPool(): Promise<void> {
  const p = globalForPool.culpritPool;
  globalForPool.culpritPool = undefined;
  if (p && !p.ended) await p.end();
}
