import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The architecture rules in biome.json are only worth something if they fire: this lints small probe
 * files, laid out like the repository, with the repository's own biome.json, and checks which rule
 * reports on which file. A rule renamed, an override path mistyped or a pattern that stopped
 * matching makes a probe go silent here.
 */
const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules/@biomejs/biome/bin/biome");

const forbiddenInEngine = [
  "next",
  "next/navigation",
  "react",
  "react/jsx-runtime",
  "react-dom/client",
  "@prisma/client",
  "prisma",
  "pg",
  "pg-copy-streams",
  "@xyflow/react",
  "d3",
  "d3-scale",
  "@/lib/server/pg-pool",
  "../server/ingest-trace",
];
const pureFolders = ["attribution", "trace", "text", "importers", "compare", "patterns", "synthetic", "eval"];

let dir = "";
const probes = new Map<string, string>();
function probe(file: string, source: string) {
  probes.set(file, source);
}

// Every forbidden import in one pure folder each (round robin), and all of them in server code,
// where they are allowed.
forbiddenInEngine.forEach((spec, i) => {
  const folder = pureFolders[i % pureFolders.length];
  probe(`lib/${folder}/probe-${i}.ts`, `import x from "${spec}";\nexport const y = x;\n`);
  probe(`lib/server/probe-${i}.ts`, `import x from "${spec}";\nexport const y = x;\n`);
});
probe(
  "lib/attribution/allowed.ts",
  `import { z } from "zod";\nimport type { Trace } from "@/lib/trace/types";\nexport const y = (t: Trace) => z.string().parse(t.run.title);\n`,
);
probe(
  "components/Html.tsx",
  `export const Html = ({ s }: { s: string }) => <div dangerouslySetInnerHTML={{ __html: s }} />;\n`,
);
probe("components/Text.tsx", `export const Text = ({ s }: { s: string }) => <div>{s}</div>;\n`);
probe(
  "lib/server/leftovers.ts",
  `import { unusedThing } from "zod";\nexport function f() {\n  const unused = 1;\n  debugger;\n}\n`,
);
probe("lib/server/underscore.ts", `export function f(_ignored: number) {\n  const _kept = 1;\n  return 2;\n}\n`);

type Diagnostic = { category: string; location?: { path?: string | { file?: string } } };
let found: Array<{ file: string; rule: string }> = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "culprit-lint-"));
  const config = JSON.parse(fs.readFileSync(path.join(root, "biome.json"), "utf8"));
  delete config.$schema;
  fs.writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  for (const [file, source] of probes) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [biome, "lint", "--vcs-enabled=false", "--reporter=json", "--colors=off", "--max-diagnostics=none", "."],
      {
        cwd: dir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
  } catch (err) {
    // Biome exits 1 when it reports errors, which the probes are made to provoke.
    out = (err as { stdout: string }).stdout;
  }
  const diagnostics = (JSON.parse(out) as { diagnostics: Diagnostic[] }).diagnostics;
  found = diagnostics.map((d) => {
    const p = d.location?.path;
    const file = typeof p === "string" ? p : (p?.file ?? "");
    return { file: path.relative(dir, path.resolve(dir, file)), rule: d.category };
  });
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const rulesOn = (file: string) => found.filter((f) => f.file === file).map((f) => f.rule);

describe("lint rules (biome.json) fire where the architecture says", () => {
  it("the pure folders may not import a framework, the database, canvas, charts or server code", () => {
    forbiddenInEngine.forEach((spec, i) => {
      const folder = pureFolders[i % pureFolders.length];
      expect(rulesOn(`lib/${folder}/probe-${i}.ts`), `${spec} in lib/${folder}`).toContain(
        "lint/style/noRestrictedImports",
      );
    });
  });

  it("server code may import them, and the engine may import zod and the trace types", () => {
    forbiddenInEngine.forEach((spec, i) => expect(rulesOn(`lib/server/probe-${i}.ts`), spec).toEqual([]));
    expect(rulesOn("lib/attribution/allowed.ts")).toEqual([]);
  });

  it("trace content is never rendered as HTML", () => {
    expect(rulesOn("components/Html.tsx")).toContain("lint/security/noDangerouslySetInnerHtml");
    expect(rulesOn("components/Text.tsx")).toEqual([]);
  });

  it("unused imports and variables and a left-behind debugger are errors; names starting with _ are deliberate", () => {
    expect(rulesOn("lib/server/leftovers.ts").sort()).toEqual(
      ["lint/correctness/noUnusedImports", "lint/correctness/noUnusedVariables", "lint/suspicious/noDebugger"].sort(),
    );
    expect(rulesOn("lib/server/underscore.ts")).toEqual([]);
  });
});
