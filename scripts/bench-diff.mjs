#!/usr/bin/env node
/**
 * `node scripts/bench-diff.mjs <before.json> <after.json>`: two `npm run bench` results side by side,
 * figure by figure (matched on bench + metric), with the change and whether each limit is met.
 * Figures only one file has are listed too, so a renamed or new benchmark is not silently lost.
 */
import fs from "node:fs";

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error("usage: node scripts/bench-diff.mjs <before.json> <after.json>");
  process.exit(2);
}
const read = (f) => JSON.parse(fs.readFileSync(f, "utf8"));
const before = read(a);
const after = read(b);
const key = (f) => `${f.bench} · ${f.metric}`;
const old = new Map(before.figures.map((f) => [key(f), f]));
const now = new Map(after.figures.map((f) => [key(f), f]));
const fmt = (f) => (f ? `${f.value} ${f.unit}` : "—");
const met = (f) => (!f || f.ratio === null || f.ratio === undefined ? "" : f.ratio <= 1 ? "met" : "MISSED");
const rows = [...new Set([...old.keys(), ...now.keys()])].map((k) => {
  const x = old.get(k);
  const y = now.get(k);
  const change = x && y && x.value !== 0 ? `${(((y.value - x.value) / Math.abs(x.value)) * 100).toFixed(1)} %` : "";
  return [k, fmt(x), fmt(y), change, met(y)];
});
const header = ["figure", `before (${before.commit ?? "?"})`, `after (${after.commit ?? "?"})`, "change", "limit"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
console.log(
  [header, widths.map((w) => "-".repeat(w)), ...rows]
    .map((r) => r.map((c, i) => c.padEnd(widths[i])).join("  "))
    .join("\n"),
);
console.log(
  `\nload average before ${before.loadavg?.map((x) => x.toFixed(1)).join(" ") ?? "?"}, after ${after.loadavg?.map((x) => x.toFixed(1)).join(" ") ?? "?"} (timings from a busy machine are not comparable)`,
);
