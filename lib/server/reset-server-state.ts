import "server-only";
import { forgetAuth } from "./auth/better-auth";
import { reloadConfig } from "./config";
import { disconnectDb } from "./db";
import { endPool } from "./pg-pool";
import { stopQueue } from "./queue";
import { stopSandbox } from "./sandbox/sandbox-pool";

/**
 * Ends and forgets every process-wide server resource (queue, auth instance, Prisma client, pg
 * pool, sandbox threads) and parses the environment again, so the next use builds each one afresh
 * from the then-current environment: a process that runs several database test files one after
 * another, each on its own `DATABASE_URL` (test/db-setup-file.ts, ADR 0021), gives every file the
 * state a fresh process would. Users first, then what they borrow from: the queue and Prisma run
 * their SQL through the pool.
 */
export async function resetServerState(): Promise<void> {
  await stopQueue();
  forgetAuth();
  await disconnectDb();
  await endPool();
  await stopSandbox();
  reloadConfig();
}
