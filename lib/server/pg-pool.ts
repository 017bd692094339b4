import "server-only";
import pg from "pg";
import { databaseUrl } from "./database-url";

// Raw pg access for what Prisma cannot do: COPY for bulk ingestion and multi-statement transactions
// that mix COPY with inserts.
const globalForPool = globalThis as unknown as { culpritPool?: pg.Pool };

export function pool(): pg.Pool {
  globalForPool.culpritPool ??= new pg.Pool({ connectionString: databaseUrl(), max: 10 });
  return globalForPool.culpritPool;
}
