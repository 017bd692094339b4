/**
 * How long one upload blocks the web server's event loop: stores a trace file through the upload
 * path (`ingestUploads`: the import sandbox, then storing) in this process while a 10 ms timer
 * records how late it fires. Health and page latencies over HTTP also include the machine's own
 * load; this isolates what the upload itself costs the event loop (review check 22).
 *   DATABASE_URL=… node --conditions=react-server --import tsx scripts/measure-ingest-lag.mts <trace.json>
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { ingestUploads } from "@/lib/server/ingest-upload";

const bytes = new Uint8Array(readFileSync(process.argv[2]));
const t0 = performance.now();
let last = t0;
let worst = 0;
const late: string[] = [];
const timer = setInterval(() => {
  const now = performance.now();
  const gap = now - last - 10;
  worst = Math.max(worst, gap);
  if (gap > 150) late.push(`${((now - t0) / 1000).toFixed(1)} s: ${gap.toFixed(0)} ms`);
  last = now;
}, 10);
console.log(
  `load average before: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
const [run] = await ingestUploads({ bytes, fileName: process.argv[2] });
clearInterval(timer);
console.log(`stored ${run.steps} steps (created: ${run.created}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(`event loop: worst delay ${worst.toFixed(0)} ms; delays over 150 ms: ${late.join(", ") || "none"}`);
console.log(
  `load average after: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
process.exit(0);
