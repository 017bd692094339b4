/**
 * `npm run reanalyze [-- --now]`: upgrades every stored analysis written by an older engine. Queues
 * them for the background workers (`npm start` runs one), or with `--now` analyzes them here.
 */
import { reanalyzeStale } from "@/lib/server/reanalyze-stale";
import { pool } from "@/lib/server/pg-pool";
import { queue } from "@/lib/server/queue";

const inline = process.argv.includes("--now");
await reanalyzeStale({ inline });
if (!inline) await (await queue()).stop({ graceful: true, wait: true });
await pool().end();
process.exit(0);
