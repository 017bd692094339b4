import "server-only";
import pg from "pg";
import { databaseUrl } from "./database-url";

// Raw pg access for what Prisma cannot do: COPY for bulk ingestion and multi-statement transactions
// that mix COPY with inserts.
const globalForPool = globalThis as unknown as { culpritPool?: pg.Pool };

export function pool(): pg.Pool {
  if (!globalForPool.culpritPool) {
    // connectionTimeoutMillis: a waiter gives up instead of waiting forever on an exhausted pool.
    const p = new pg.Pool({ connectionString: databaseUrl(), max: 10, connectionTimeoutMillis: 30_000 });
    // An idle connection the server closed (restart, admin shutdown) must not crash the process:
    // without a listener, pg's 'error' event is an uncaught exception. The pool replaces it.
    p.on("error", (err) => console.error(`[db] idle connection lost: ${err.message}`));
    globalForPool.culpritPool = p;
  }
  return globalForPool.culpritPool;
}
