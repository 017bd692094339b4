#!/usr/bin/env node
/**
 * `npm run bench:bundle`: first-load JavaScript per route of the production build in `.next`
 * (run `next build` first). Next 16 no longer prints these sizes, and @next/bundle-analyzer does
 * not support Turbopack builds, so this reads the build's own manifests:
 *   - `build-manifest.json` `rootMainFiles`: the framework and runtime every page loads;
 *   - each route's `page_client-reference-manifest.js` `entryJSFiles`: the chunks its layouts and
 *     page need before hydration;
 *   - every other chunk in `.next/static/chunks` is loaded on demand (`next/dynamic`, `import()`,
 *     workers) and does not block hydration: listed separately, largest first.
 * Sizes are raw and gzip (level 9, what a compressing proxy would send). Figures go to
 * `npm run bench` (reportBench); `--json` prints them as JSON.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { reportBench } from "./lib/bench-result.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const next = path.join(root, ".next");
/** A first-load budget (gzip) for the run page, the app's heaviest route (issue #15: less fixed cost). */
const RUN_PAGE_LIMIT_KB = 250;

if (!fs.existsSync(path.join(next, "build-manifest.json"))) {
  console.error("no production build in .next: run `npx next build` first");
  process.exit(1);
}

const sizeCache = new Map();
function sizeOf(file) {
  if (!sizeCache.has(file)) {
    const buf = fs.readFileSync(path.join(next, file));
    sizeCache.set(file, { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length });
  }
  return sizeCache.get(file);
}
const total = (files) =>
  files.reduce((acc, f) => ({ raw: acc.raw + sizeOf(f).raw, gzip: acc.gzip + sizeOf(f).gzip }), { raw: 0, gzip: 0 });
const js = (f) => f.endsWith(".js");
const strip = (f) => f.replace(/^\/?_next\//, "");

const build = JSON.parse(fs.readFileSync(path.join(next, "build-manifest.json"), "utf8"));
const shared = build.rootMainFiles.filter(js);

/** Route manifests: `.next/server/app/<route>/page_client-reference-manifest.js`. */
function routeManifests(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) routeManifests(p, out);
    else if (entry.name === "page_client-reference-manifest.js") out.push(p);
  }
  return out;
}

const rows = [];
const firstLoadAnywhere = new Set();
for (const file of routeManifests(path.join(next, "server/app")).sort()) {
  // The manifest is a script assigning globalThis.__RSC_MANIFEST[route]; read its JSON literal.
  const text = fs.readFileSync(file, "utf8");
  const json = text.slice(text.indexOf("= {") + 2).replace(/;\s*$/, "");
  const manifest = JSON.parse(json);
  const route = "/" + path.relative(path.join(next, "server/app"), path.dirname(file)).split(path.sep).join("/");
  if (route.startsWith("/_")) continue;
  const entry = new Set(shared);
  for (const files of Object.values(manifest.entryJSFiles ?? {})) for (const f of files) if (js(f)) entry.add(strip(f));
  for (const f of entry) firstLoadAnywhere.add(f);
  rows.push({
    route: route === "/" ? "/" : route.replace(/\/$/, ""),
    firstLoad: total([...entry]),
    pageOnly: total([...entry].filter((f) => !shared.includes(f))),
  });
}
const onDemand = fs
  .readdirSync(path.join(next, "static/chunks"))
  .map((f) => `static/chunks/${f}`)
  .filter((f) => js(f) && !firstLoadAnywhere.has(f) && !build.polyfillFiles?.includes(f))
  .map((f) => ({ file: f, ...sizeOf(f) }))
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n) => (n / 1024).toFixed(1);
if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ shared: total(shared), routes: rows, onDemand }, null, 2));
} else {
  const s = total(shared);
  console.log(`shared by all routes: ${kb(s.raw)} kB raw, ${kb(s.gzip)} kB gzip\n`);
  console.log("| route | first-load JS raw kB | gzip kB | of which route-specific gzip kB |\n|---|---|---|---|");
  for (const r of rows)
    console.log(`| ${r.route} | ${kb(r.firstLoad.raw)} | ${kb(r.firstLoad.gzip)} | ${kb(r.pageOnly.gzip)} |`);
  console.log(
    `\nloaded on demand (not in any route's first load), largest first: ${onDemand
      .slice(0, 6)
      .map((c) => `${c.file.replace("static/chunks/", "")} ${kb(c.gzip)} kB`)
      .join(", ")}${onDemand.length > 6 ? `, … (${onDemand.length} chunks)` : ""}`,
  );
}
for (const r of rows)
  reportBench({
    bench: "bundle",
    metric: `first-load JS gzip, ${r.route}`,
    value: Math.round(r.firstLoad.gzip / 102.4) / 10,
    unit: "kB",
    ...(r.route === "/runs/[id]" ? { limit: RUN_PAGE_LIMIT_KB } : {}),
  });
