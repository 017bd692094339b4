import "server-only";
import PgBoss from "pg-boss";
import { pool } from "./pg-pool";

/** Background jobs live in the same Postgres (pg-boss), so any number of workers can share them. */
export const ANALYZE_QUEUE = "analyze-run";

const globalForBoss = globalThis as unknown as { culpritBoss?: Promise<PgBoss> };

export function queue(): Promise<PgBoss> {
  globalForBoss.culpritBoss ??= (async () => {
    // pg-boss runs its SQL through the process's one pool (its `db` adapter) instead of opening a
    // pool of its own. Each call is one query text, so its multi-statement transactions (BEGIN ...
    // COMMIT in one text) still run on one connection.
    const boss = new PgBoss({ db: { executeSql: (text, values) => pool().query(text, values) } });
    boss.on("error", (err) => console.error("[queue]", err.message));
    await boss.start();
    await boss.createQueue(ANALYZE_QUEUE);
    return boss;
  })();
  return globalForBoss.culpritBoss;
}

/** Stops the queue (without waiting for jobs in progress) and forgets it, so the next `queue()` starts a new one. */
export async function stopQueue(): Promise<void> {
  const started = globalForBoss.culpritBoss;
  globalForBoss.culpritBoss = undefined;
  const boss = await started?.catch(() => undefined);
  // Stopping twice is a no-op in pg-boss, so a queue its user already stopped is fine.
  await boss?.stop({ graceful: false, wait: true });
}
