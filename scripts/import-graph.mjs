#!/usr/bin/env node
/**
 * The import graph of the source tree, checked: file-level import cycles, imports running back up a
 * layer (the rules below), and folder-level tangles inside `lib/server` (two folders importing each
 * other). `node scripts/import-graph.mjs` prints all three; `import-graph.test.ts` asserts the first
 * two are empty. Reads import/export statements with a regex (no TypeScript needed): enough for
 * this tree, which imports only by relative path or the `@/` alias.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE_DIRS = ["app", "components", "lib", "proxy.ts", "instrumentation.ts"];
const SKIP = /(^|\/)(node_modules|generated)(\/|$)|\.(test|spec|typecheck)\.tsx?$|\/test-[^/]*\.ts$/;
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** Layers of the engine: pure, deterministic, and below everything that uses them. */
const ENGINE = [
  "lib/trace",
  "lib/text",
  "lib/importers",
  "lib/attribution",
  "lib/compare",
  "lib/patterns",
  "lib/eval",
  "lib/synthetic",
];
/**
 * Imports that would run back up a layer: [from prefix, to prefix, why]. Type-only imports count
 * too, except UI → lib/server and UI → engine types, which the review allows (DTO and report types).
 */
const FORBIDDEN = [
  ...ENGINE.flatMap((e) => [
    [e, "lib/server", "the engine never reaches the server"],
    [e, "lib/view", "the engine never reaches view models"],
    [e, "components", "the engine never reaches UI"],
    [e, "app", "the engine never reaches routes"],
  ]),
  ["lib/importers", "lib/attribution", "importers hand traces to the engine, never call it"],
  ["lib/attribution", "lib/importers", "the engine reads canonical traces only"],
  ["lib/view", "lib/server", "view models are pure; the server feeds them"],
  ["lib/view", "components", "view models never reach UI"],
  ["lib/view", "app", "view models never reach routes"],
  ["lib/server", "components", "the server never renders"],
  ["lib/server", "app", "the server never imports routes"],
  ["components", "app", "components never import routes"],
];

const IMPORT_RE = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[\s\S]*?\sfrom\s+)?["']([^"']+)["']/g;
const DYNAMIC_RE = /import\(\s*["']([^"']+)["']\s*\)/g;

function listFiles() {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs) || SKIP.test(rel)) return;
    if (fs.statSync(abs).isDirectory()) for (const e of fs.readdirSync(abs)) walk(path.posix.join(rel, e));
    else if (/\.(ts|tsx|mjs)$/.test(rel) && !rel.endsWith(".d.ts") && !rel.endsWith(".d.mts")) out.push(rel);
  };
  for (const d of SOURCE_DIRS) walk(d);
  return out.sort();
}

function resolve(from, spec, files) {
  let base;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return undefined;
  if (files.has(base)) return base;
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  const noExt = base.replace(/\.(m?js)$/, "");
  for (const ext of EXTENSIONS) if (files.has(noExt + ext)) return noExt + ext;
  return undefined;
}

/** Every internal import: { from, to, typeOnly }. */
export function importEdges() {
  const list = listFiles();
  const files = new Set(list);
  const edges = [];
  for (const from of list) {
    const text = fs.readFileSync(path.join(ROOT, from), "utf8");
    for (const m of text.matchAll(IMPORT_RE)) {
      const to = resolve(from, m[3], files);
      if (to) edges.push({ from, to, typeOnly: Boolean(m[2]) });
    }
    for (const m of text.matchAll(DYNAMIC_RE)) {
      const to = resolve(from, m[1], files);
      if (to) edges.push({ from, to, typeOnly: false });
    }
  }
  return edges;
}

/** File-level cycles among value imports (Tarjan's strongly connected components of size > 1). */
export function cycles(edges) {
  const next = new Map();
  for (const e of edges) if (!e.typeOnly) (next.get(e.from) ?? next.set(e.from, []).get(e.from)).push(e.to);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  let i = 0;
  const visit = (v) => {
    index.set(v, i);
    low.set(v, i++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}

const under = (file, prefix) => file === prefix || file.startsWith(`${prefix}/`) || file.startsWith(`${prefix}.`);

/** Imports that run back up a layer (see FORBIDDEN). */
export function backArrows(edges) {
  const out = [];
  for (const e of edges) {
    for (const [from, to, why] of FORBIDDEN) if (under(e.from, from) && under(e.to, to)) out.push({ ...e, why });
  }
  return out;
}

/** Pairs of `lib/server` folders that import each other (folder-level tangles, no file cycle needed). */
export function serverTangles(edges) {
  const folder = (f) => (f.startsWith("lib/server/") && f.split("/").length > 3 ? f.split("/")[2] : undefined);
  const pairs = new Set();
  for (const e of edges) {
    const a = folder(e.from);
    const b = folder(e.to);
    if (a && b && a !== b) pairs.add(`${a}>${b}`);
  }
  return [...pairs]
    .filter((p) => pairs.has(p.split(">").reverse().join(">")) && p < p.split(">").reverse().join(">"))
    .map((p) => p.replace(">", " ⇄ "));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const edges = importEdges();
  const c = cycles(edges);
  const b = backArrows(edges);
  const t = serverTangles(edges);
  console.log(`${new Set(edges.map((e) => e.from)).size} files, ${edges.length} internal imports`);
  console.log(`file cycles: ${c.length}`);
  for (const scc of c) console.log(`  ${scc.join(" → ")}`);
  console.log(`imports back up a layer: ${b.length}`);
  for (const e of b) console.log(`  ${e.from} → ${e.to}${e.typeOnly ? " (type)" : ""}: ${e.why}`);
  console.log(`lib/server folder tangles: ${t.length}`);
  for (const p of t) console.log(`  ${p}`);
  process.exit(c.length || b.length ? 1 : 0);
}
