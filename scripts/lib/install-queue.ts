/**
 * Installs pg-boss's schema and the analysis queue in DATABASE_URL, as the app's first `queue()`
 * call does. Run once into the test template (scripts/lib/test-databases.mjs): a database test file
 * copied from it then starts pg-boss against an installed schema, as it did when all files shared
 * one database, instead of every file installing it again.
 */
import { queue } from "@/lib/server/queue";
import { pool } from "@/lib/server/pg-pool";

const boss = await queue();
await boss.stop({ graceful: false, wait: true });
await pool().end();
