#!/usr/bin/env node
/**
 * `npm run bench`: every benchmark in turn (or those named: `npm run bench -- engine import`), their
 * own output as they run, then one table of every headline figure with its limit and ratio, written
 * to bench/results.json with the commit and machine, so two commits can be compared.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { parseBenchResults } from "./lib/bench-result.mjs";

const root = new URL("..", import.meta.url);
const scripts = JSON.parse(fs.readFileSync(new URL("package.json", root), "utf8")).scripts;
const only = process.argv.slice(2);
const names = Object.keys(scripts).filter(
  (n) => n.startsWith("bench:") && (only.length === 0 || only.includes(n.slice(6))),
);
let failed = 0;
const figures = [];
for (const name of names) {
  console.log(`\n##### npm run ${name}`);
  const r = spawnSync("npm", ["run", "--silent", name], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  process.stdout.write(r.stdout ?? "");
  process.stderr.write(r.stderr ?? "");
  if (r.status !== 0) failed++;
  figures.push(...parseBenchResults(r.stdout ?? ""));
}

const fmt = (x) =>
  x === null || x === undefined
    ? "—"
    : typeof x === "number"
      ? Math.abs(x) >= 100
        ? x.toFixed(0)
        : x.toPrecision(3)
      : String(x);
const rows = figures.map((f) => [
  f.bench,
  f.metric,
  `${fmt(f.value)} ${f.unit}`,
  f.limit === undefined ? "—" : `${f.better === "higher" ? "≥" : "≤"} ${fmt(f.limit)} ${f.unit}`,
  fmt(f.ratio),
  f.ratio === null || f.ratio === undefined ? "" : f.ratio <= 1 ? "met" : "MISSED",
]);
const header = ["bench", "figure", "value", "limit", "ratio", ""];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
console.log(
  "\n" +
    [header, widths.map((w) => "-".repeat(w)), ...rows]
      .map((r) => r.map((c, i) => c.padEnd(widths[i])).join("  "))
      .join("\n"),
);

const commit =
  spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", cwd: root }).stdout?.trim() || null;
fs.mkdirSync(new URL("bench/", root), { recursive: true });
const out = {
  commit,
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadavg: os.loadavg(),
  figures,
};
fs.writeFileSync(new URL("bench/results.json", root), JSON.stringify(out, null, 2) + "\n");
console.log(`\nwrote bench/results.json (${figures.length} figures, commit ${commit})`);
process.exit(failed ? 1 : 0);
