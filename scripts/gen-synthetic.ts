/**
 * Writes a suite of synthetic failing (and passing) multi-agent runs as OTLP/JSON files plus a
 * `labels.json` with each run's ground truth (kept apart from the traces, so nothing the engine
 * reads holds the answer). Deterministic: the same --n and --seed give byte-identical files.
 *
 *   npx tsx scripts/gen-synthetic.ts --out DIR [--n 72] [--seed 1]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateSuite, MAX_SUITE_RUNS } from "../lib/synthetic/index";

function main() {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      n: { type: "string", default: "72" },
      seed: { type: "string", default: "1" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !values.out) {
    console.log("usage: npx tsx scripts/gen-synthetic.ts --out DIR [--n 72] [--seed 1]");
    process.exit(values.help ? 0 : 2);
  }
  const n = Number(values.n);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SUITE_RUNS) {
    console.error(`--n must be an integer in 1..${MAX_SUITE_RUNS}`);
    process.exit(2);
  }
  const out = path.resolve(values.out);
  mkdirSync(out, { recursive: true });
  const runs = generateSuite(n, values.seed!);
  for (const r of runs) writeFileSync(path.join(out, r.file), `${JSON.stringify(r.otlp)}\n`);
  writeFileSync(
    path.join(out, "labels.json"),
    `${JSON.stringify({ generator: "culprit-synthetic/v1", n, seed: values.seed, runs: runs.map((r) => r.label) }, null, 2)}\n`,
  );
  const failures = runs.filter((r) => r.label.outcome === "failure").length;
  console.log(
    `wrote ${runs.length} runs (${failures} failing, ${runs.length - failures} passing) and labels.json to ${out}`,
  );
}

main();
