import "server-only";
import { forgetAuth } from "./auth/better-auth";
import { reloadConfig } from "./config";
import { disconnectDb } from "./db";
import { endPool } from "./pg-pool";
import { stopQueue } from "./queue";

/**
 * Ends and forgets every process-wide server resource bound to the database or the environment
 * (queue, auth instance, Prisma client, pg pool) and parses the environment again, so the next use
 * builds each one afresh: a process that runs several database test files one after another, each
 * on its own `DATABASE_URL` (test/db-setup-file.ts, ADR 0021), gives every file the state a fresh
 * process would. Users first, then what they borrow from: the queue and Prisma run their SQL
 * through the pool. The sandbox processes stay warm: they hold no database connection and no state
 * between tasks, and the sandbox starts new ones itself when its limits change (sandbox-pool.ts).
 */
export async function resetServerState(): Promise<void> {
  await stopQueue();
  forgetAuth();
  await disconnectDb();
  await endPool();
  reloadConfig();
}
