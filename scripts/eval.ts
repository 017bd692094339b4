/**
 * Engine accuracy, cross-validated, with intervals and base rates (`npm run eval -- [folder]`).
 *
 * Subsets: each Who&When subset folder under the given root (default: the shared dev split), read
 * ODD-NUMBERED RECORDS ONLY (even-numbered files are the owners' held-out test set and are never
 * opened), plus a seeded synthetic suite (lib/synthetic). For each: 5-fold cross-validated agent
 * and step accuracy (pooled held-out predictions with Wilson 95 % intervals; fold mean ± sd),
 * without ground truth (headline) and with it, base rates, accuracy on records whose culprit is
 * not the majority agent, decision sources, verdict/blame agreement; on synthetic runs also how
 * often the last agent to touch the error or a rubber-stamp reviewer was blamed. No LLM, no network.
 *
 *   npm run eval -- [who-and-when-root] [--json] [--verbose] [--seed S]
 *                   [--synthetic-n 72] [--synthetic-seed 1] [--synthetic-dir DIR]
 *                   [--skip-who-and-when] [--skip-synthetic]
 *
 * The paper's baselines (random, GPT-4o) are for the full 184-record set, not this split, so they
 * are not printed beside these numbers.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ENGINE_VERSION } from "../lib/attribution/index";
import { engineFit } from "../lib/eval/engine-fit";
import { evaluateSubset, type SubsetResult } from "../lib/eval/evaluate-subset";
import { formatSubset } from "../lib/eval/format-table";
import { syntheticRecord, type EvalRecord } from "../lib/eval/records";
import { generateSuite, type SyntheticLabel } from "../lib/synthetic/index";
import { readDevSplit } from "./lib/read-dev-split";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
    seed: { type: "string", default: "culprit-eval" },
    "synthetic-n": { type: "string", default: "72" },
    "synthetic-seed": { type: "string", default: "1" },
    "synthetic-dir": { type: "string" },
    "skip-who-and-when": { type: "boolean", default: false },
    "skip-synthetic": { type: "boolean", default: false },
  },
});

const log = (s: string) => (values.json ? process.stderr.write(`${s}\n`) : console.log(s));

function syntheticRecords(): { records: EvalRecord[]; description: string } {
  const dir = values["synthetic-dir"];
  if (dir) {
    const labels = (JSON.parse(readFileSync(path.join(dir, "labels.json"), "utf8")) as { runs: SyntheticLabel[] }).runs;
    return {
      records: labels.map((l) => syntheticRecord(readFileSync(path.join(dir, path.basename(l.file)), "utf8"), l)),
      description: `synthetic OTLP runs from ${dir}`,
    };
  }
  const n = Number(values["synthetic-n"]);
  const seed = values["synthetic-seed"]!;
  const runs = generateSuite(n, seed);
  return {
    records: runs.map((r) => syntheticRecord(JSON.stringify(r.otlp), r.label)),
    description: `synthetic OTLP runs, generateSuite(n=${n}, seed=${seed}), ${runs.filter((r) => r.label.outcome === "success").length} passing controls`,
  };
}

function run(name: string, description: string, records: EvalRecord[], out: { result: SubsetResult; description: string; ms: number }[]) {
  const started = performance.now();
  const result = evaluateSubset(name, records, { fit: engineFit, seed: values.seed });
  const ms = performance.now() - started;
  out.push({ result, description, ms });
  if (!values.json) {
    console.log(formatSubset(result, description));
    console.log(`  (${(ms / Math.max(1, result.analyses)).toFixed(1)} ms per analysis)\n`);
    if (values.verbose)
      for (const s of result.settings["no-ground-truth"].scores) {
        const r = records.find((x) => x.id === s.id)!;
        console.log(
          `    ${s.id}: gold ${r.gold.agents.join("|")}@${r.gold.stepIds.join("|")}${r.fault ? ` (${r.fault})` : ""} · pred ${s.predictedAgent}@${s.predictedStepId} · ${s.source}${s.agentHit ? " · agent ✓" : ""}${s.stepHit ? " · step ✓" : ""}`,
        );
      }
  }
}

function main() {
  const root = path.resolve(positionals[0] ?? path.join(import.meta.dirname, "../../shared/eval/data/who_and_when"));
  const out: { result: SubsetResult; description: string; ms: number }[] = [];
  log(`Culprit engine ${ENGINE_VERSION}, offline (no LLM). Accuracy = held-out predictions of a 5-fold cross-validation (seed "${values.seed}"),`);
  log(`pooled, [Wilson 95 % interval] (hits/n); folds: mean±sd (min–max). Headline setting: no ground truth given to the engine.`);
  log(`* = decision source inferred from the evidence note (the report has no decisionSource field).\n`);
  if (!values["skip-who-and-when"]) {
    if (!existsSync(root)) throw new Error(`no Who&When folder at ${root}`);
    for (const { name, records, refused, importErrors } of readDevSplit(root)) {
      for (const e of importErrors) console.error(`  ${e}`);
      run(name, `Who&When dev split (odd-numbered records only${refused ? `; ${refused} other files refused unread` : ""})`, records, out);
    }
  }
  if (!values["skip-synthetic"]) {
    const { records, description } = syntheticRecords();
    run("synthetic", description, records, out);
  }
  if (values.json)
    console.log(
      JSON.stringify(
        {
          engineVersion: ENGINE_VERSION,
          cvSeed: values.seed,
          subsets: out.map((o) => ({ description: o.description, msPerAnalysis: o.ms / Math.max(1, o.result.analyses), ...o.result })),
        },
        null,
        2,
      ),
    );
}

main();
