import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { pool } from "./pg-pool";

// One client per process; Next dev re-evaluates modules, so keep it on globalThis. It borrows
// connections from the process's one pg pool (pg-pool.ts) instead of opening a pool of its own.
const globalForDb = globalThis as unknown as { culpritPrisma?: PrismaClient };

export function db(): PrismaClient {
  globalForDb.culpritPrisma ??= new PrismaClient({ adapter: new PrismaPg(pool()) });
  return globalForDb.culpritPrisma;
}

/** Disconnects the client and forgets it (see endPool in pg-pool.ts); the pool it borrows from stays open. */
export async function disconnectDb(): Promise<void> {
  const client = globalForDb.culpritPrisma;
  globalForDb.culpritPrisma = undefined;
  await client?.$disconnect();
}
