#!/usr/bin/env node
/**
 * `node scripts/bundle-size.mjs` after `next build`: the JavaScript each app route loads on first
 * view (framework main files + the route's entry chunks, from the build's client reference
 * manifests), raw and gzipped. Chunks loaded later through next/dynamic are not counted: that is
 * the point of splitting them. Offline; reads .next only.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(process.argv[2] ?? ".next");
const build = JSON.parse(fs.readFileSync(path.join(root, "build-manifest.json"), "utf8"));
const size = (file) => {
  const bytes = fs.readFileSync(path.join(root, file));
  return { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(0).padStart(5)} kB`;
const rows = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name === "page_client-reference-manifest.js") {
      globalThis.__RSC_MANIFEST = {};
      new Function(fs.readFileSync(full, "utf8"))();
      for (const [route, manifest] of Object.entries(globalThis.__RSC_MANIFEST)) {
        const pageKey = Object.keys(manifest.entryJSFiles).find((k) => k.endsWith(route.replace(/^\//, "app/").replace(/^app\/page$/, "app/page")));
        const files = new Set([...(build.rootMainFiles ?? []), ...(manifest.entryJSFiles[pageKey] ?? [])]);
        const total = [...files].map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
        rows.push({ route: route.replace(/\/page$/, "") || "/", files: files.size, ...total });
      }
    }
  }
};
walk(path.join(root, "server/app"));
rows.sort((a, b) => a.route.localeCompare(b.route));
console.log("route                     chunks      raw     gzip");
for (const r of rows) console.log(`${r.route.padEnd(24)} ${String(r.files).padStart(7)}  ${kb(r.raw)}  ${kb(r.gzip)}`);
if (process.argv.includes("--json")) console.log(JSON.stringify(rows));
