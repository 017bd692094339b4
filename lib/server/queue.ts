import "server-only";
import PgBoss from "pg-boss";
import { databaseUrl } from "./database-url";

/** Background jobs live in the same Postgres (pg-boss), so any number of workers can share them. */
export const ANALYZE_QUEUE = "analyze-run";

const globalForBoss = globalThis as unknown as { culpritBoss?: Promise<PgBoss> };

export function queue(): Promise<PgBoss> {
  globalForBoss.culpritBoss ??= (async () => {
    const boss = new PgBoss({ connectionString: databaseUrl(), max: 4 });
    boss.on("error", (err) => console.error("[queue]", err.message));
    await boss.start();
    await boss.createQueue(ANALYZE_QUEUE);
    return boss;
  })();
  return globalForBoss.culpritBoss;
}
