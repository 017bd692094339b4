import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { databaseUrl } from "./database-url";

// One client per process; Next dev re-evaluates modules, so keep it on globalThis.
const globalForDb = globalThis as unknown as { culpritPrisma?: PrismaClient };

export function db(): PrismaClient {
  globalForDb.culpritPrisma ??= new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl(), max: 10 }) });
  return globalForDb.culpritPrisma;
}
