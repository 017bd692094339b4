/**
 * Refits the engine's shipped weights (`npm run fit -- [data-root]`): the verdict-confidence model
 * on every development source (see scripts/lib/read-sources.ts; Who&When odd-numbered records only),
 * each source weighing the same. Writes lib/attribution/model/weights.json: numbers and provenance
 * (sources, record counts, commit, command), no record text. `npm run eval` judges the same fit
 * leave-one-source-out.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { ENGINE_VERSION, analyzeTrace } from "../lib/attribution/index";
import { extractCandidates } from "../lib/attribution/analyze-trace";
import { CONFIDENCE_FIT, fitConfidence } from "../lib/attribution/model/confidence";
import { goldOf, reportPrediction, verdictInput } from "../lib/eval/learners";
import { readSources } from "./lib/read-sources";

/**
 * Below this fitted confidence a failure verdict is undetermined. Chosen leave-one-source-out
 * (`npm run eval`, "undetermined threshold" table; ADR 0027, re-checked with the chance floor in
 * ADR 0035), not fitted here: kept on refit.
 */
const UNDETERMINED_BELOW = 0.45;

function main() {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "../../shared/eval/data"));
  const sources = readSources(root, (s) => console.error(s));
  const examples = [];
  const counts: Record<string, number> = {};
  for (const s of sources) {
    const failing = s.records.filter((r) => r.outcome === "failure" && r.gold.agent !== undefined);
    counts[s.name] = failing.length;
    for (const r of failing) {
      const input = verdictInput(reportPrediction(r, analyzeTrace(r.trace)), extractCandidates(r.trace));
      const hit = goldOf(r).agents.includes(input.prediction.agents[0] ?? "");
      examples.push({ features: input.features, hit, w: 1 / (sources.length * failing.length) });
    }
  }
  const confidence = fitConfidence(examples, CONFIDENCE_FIT);
  const sha = createHash("sha256").update(JSON.stringify(confidence)).digest("hex");
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  } catch {}
  const provenance = {
    fitCommand: "npm run fit",
    commit,
    engineVersion: ENGINE_VERSION,
    model: `p = c + (1 − c)·σ(w·x), chance floor c = min(Σ activity share², the named agent's share); ${CONFIDENCE_FIT.iterations} gradient-descent iterations from zero at rate ${CONFIDENCE_FIT.rate}, L2 ${CONFIDENCE_FIT.l2}, each source weighing the same`,
    signs: CONFIDENCE_FIT.signs,
    sources: counts,
  };
  const out = { version: `${ENGINE_VERSION}-1`, sha, confidence, undeterminedBelow: UNDETERMINED_BELOW, provenance };
  const file = path.join(import.meta.dirname, "../lib/attribution/model/weights.json");
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(
    `wrote ${file}: ${Object.keys(confidence).length} weights from ${examples.length} runs (${Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")})`,
  );
}

main();
