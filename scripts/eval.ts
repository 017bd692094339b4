/**
 * Engine accuracy that fitting cannot flatter (`npm run eval -- [data-root]`).
 *
 * Sources (read at run time from the shared data folder, never copied): Who&When Algorithm-Generated
 * and Hand-Crafted (odd-numbered records only; the even-numbered ones are the owners' held-out set
 * and are never opened) and the multi-source development halves. Agents are scored right when they
 * equal the label, one of its aliases, or the speaker of the labelled step.
 *
 * Printed per source and pooled, beside the label-free base rates (first, last, most-active agent):
 * - the engine as shipped (nothing is fitted at run time, so this one figure is its LOSO figure;
 *   its weights were fitted on all these sources, so it is in-sample and labelled so);
 * - the learned decision, leave-one-source-out: weights and calibration fitted on the other sources;
 * - the learned decision, 5-fold within each source, fitted inside each fold;
 * - a reliability table of stated confidence against accuracy (out of source), coverage and
 *   accuracy at confidence ≥ 0.7; with --ablation, LOSO with each feature group left out;
 * - with --rule-ablation (--rules a,b for some): the shipped engine with each rule switched off,
 *   per source, and whether the rule helps out of source (scripts/lib/eval-rule-ablation.ts);
 * - the synthetic suite (lib/synthetic): agent, step, last agent blamed, passing controls.
 * Each record runs through the engine once; refits reuse its cached candidate table.
 *
 * - the alternative synthetic suite (lib/synthetic/alt), written apart from the detectors: same metrics,
 *   plus by wire; --alt-n, --alt-seed.
 *
 * With --name-blind every agent is renamed Agent1…n throughout its record and labels (lib/eval/name-blind.ts):
 * a verdict that moves then rested on what the agents are called.
 *
 * With --with-ground-truth the development records keep `run.groundTruth` (the answer, or a tool-use run's
 * expected actions): every table is then the with-ground-truth setting, not the headline.
 *
 *   npm run eval -- [data-root] [--json] [--ablation] [--rule-ablation] [--with-ground-truth] [--name-blind] [--skip-synthetic] [--synthetic-n 72] [--synthetic-seed 1]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ENGINE_VERSION, analyzeTrace } from "../lib/attribution/index";
import { extractCandidates } from "../lib/attribution/analyze-trace";
import { firstAgent, lastAgent, mostActiveAgent, type Prediction as BasePrediction } from "../lib/eval/base-rates";
import {
  goldOf,
  learnedConfidence,
  learnedDecision,
  reportPrediction,
  shippedEngine,
  tableInput,
  verdictInput,
  type TableInput,
  type VerdictInput,
} from "../lib/eval/learners";
import {
  inSample,
  kFoldWithinSources,
  kFoldPooled,
  leaveOneSourceOut,
  scorePrediction,
  type Item,
  type Prediction,
  type Scored,
} from "../lib/eval/loso";
import { formatReliability, formatScheme, type BaseRow } from "../lib/eval/loso-report";
import { confidenceDesignsSection } from "./lib/eval-confidence-designs";
import { ablationGroups } from "../lib/eval/ablation";
import { gatedDecision } from "../lib/eval/hybrid";
import { agreementConfidence } from "../lib/eval/agreement-confidence";
import { calibratedConfidence } from "../lib/eval/calibrated-confidence";
import { readSources } from "./lib/read-sources";
import { nameBlindRecord } from "../lib/eval/name-blind";
import { FIT_DEFAULTS, type FitOptions } from "../lib/attribution/model/fit";
import { syntheticSection } from "./lib/eval-synthetic";
import { altSyntheticSection } from "./lib/eval-alt-synthetic";
import { ruleAblationSection } from "./lib/eval-rule-ablation";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: "boolean", default: false },
    ablation: { type: "boolean", default: false },
    "rule-ablation": { type: "boolean", default: false },
    rules: { type: "string" },
    "skip-synthetic": { type: "boolean", default: false },
    "shipped-only": { type: "boolean", default: false },
    "with-ground-truth": { type: "boolean", default: false },
    "name-blind": { type: "boolean", default: false },
    quick: { type: "boolean", default: false },
    "skip-ranker": { type: "boolean", default: false },
    l2: { type: "string" },
    iterations: { type: "string" },
    "learning-rate": { type: "string" },
    "step-weight": { type: "string" },
    "synthetic-n": { type: "string", default: "72" },
    "synthetic-seed": { type: "string", default: "1" },
    "alt-n": { type: "string", default: "200" },
    "alt-seed": { type: "string", default: "alt-1" },
  },
});
const out: Record<string, unknown> = { engineVersion: ENGINE_VERSION };
const log = (s: string) => (values.json ? process.stderr.write(`${s}\n`) : console.log(s));

function base(
  items: Item<unknown>[],
  records: Map<string, import("../lib/eval/records").EvalRecord>,
  f: (t: never) => BasePrediction,
): Scored[] {
  return items.map((it) => {
    const r = records.get(it.id)!;
    const p = f(r.trace as never);
    const stepIndex = p.stepId === undefined ? -1 : r.trace.steps.findIndex((s) => s.id === p.stepId);
    return scorePrediction(it, { agents: p.agent ? [p.agent] : [], stepIndex, confidence: 0, decided: true });
  });
}

/** The trace the engine sees: ground truth removed (the headline), or kept with --with-ground-truth. */
function seen(r: import("../lib/eval/records").EvalRecord) {
  return values["with-ground-truth"] && r.groundTruth !== undefined
    ? { ...r.trace, run: { ...r.trace.run, groundTruth: r.groundTruth } }
    : r.trace;
}

function main() {
  const root = path.resolve(positionals[0] ?? path.join(import.meta.dirname, "../../shared/eval/data"));
  const started = performance.now();
  const sources = readSources(root, log);
  const shipped: Item<Prediction>[] = [];
  const tables: Item<TableInput>[] = [];
  const verdicts: Item<VerdictInput>[] = [];
  const records = new Map<string, import("../lib/eval/records").EvalRecord>();
  for (const s of sources) {
    for (const e of s.importErrors) log(`  ${e}`);
    for (const raw of s.records) {
      const r = values["name-blind"] ? nameBlindRecord(raw) : raw;
      if (r.outcome !== "failure" || r.gold.agent === undefined) continue;
      const id = `${s.name}/${r.id}`;
      records.set(id, r);
      const gold = goldOf(r);
      const trace = seen(r);
      const prediction = reportPrediction(r, analyzeTrace(trace));
      shipped.push({ id, source: s.name, gold, input: prediction });
      if (values["shipped-only"]) continue;
      const table = extractCandidates(trace);
      tables.push({ id, source: s.name, gold, input: tableInput(r, table) });
      verdicts.push({ id, source: s.name, gold, input: verdictInput(prediction, table) });
    }
  }
  const baseRow: BaseRow = {
    first: base(shipped, records, firstAgent),
    last: base(shipped, records, lastAgent),
    mostActive: base(shipped, records, mostActiveAgent),
  };
  log(
    `Culprit engine ${ENGINE_VERSION}, offline (no LLM); ${shipped.length} failing runs from ${sources.length} sources read in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  log(
    `Agent right = the label, an alias, or the speaker of the labelled step; step ±k = within k positions. [Wilson 95 %]\n`,
  );
  if (values["with-ground-truth"])
    log("WITH GROUND TRUTH: the engine sees each record's run.groundTruth (not the headline setting).\n");
  if (values["name-blind"]) log("NAME-BLIND: every agent is renamed Agent1…n in its record and its labels.\n");
  const shippedScores = inSample(shippedEngine, shipped);
  log(
    formatScheme(
      "engine as shipped (nothing fitted at run time; rules developed on the Who&When dev split, confidence fitted on all these sources: in-sample)",
      shippedScores,
      baseRow,
    ),
  );
  log(formatReliability("engine as shipped: stated confidence vs agent accuracy (in-sample)", shippedScores));
  out.shipped = shippedScores;
  if (values["rule-ablation"]) out.ruleAblation = ruleAblationSection(root, log, values.rules?.split(","));
  if (!values["shipped-only"]) {
    const confidence = leaveOneSourceOut(learnedConfidence(), verdicts);
    log(
      `\n${formatReliability("engine verdict, confidence model (chance floor, as shipped) fitted leave-one-source-out: stated confidence vs agent accuracy", confidence)}`,
    );
    out.confidenceLoso = confidence;
    const pooledFolds = kFoldPooled(learnedConfidence(), verdicts);
    log(
      `\n${formatReliability("engine verdict, confidence model fitted on the other folds of every source (5-fold): new runs of known systems", pooledFolds)}`,
    );
    out.confidenceKFold = pooledFolds;
    const calibrated = leaveOneSourceOut(calibratedConfidence(), verdicts);
    log(
      `\n${formatReliability("engine verdict, confidence + out-of-fold Platt calibration, leave-one-source-out", calibrated)}`,
    );
    out.calibratedLoso = calibrated;
    out.confidenceDesigns = confidenceDesignsSection(verdicts, { loso: confidence, kfold: pooledFolds }, log);
    if (values["skip-ranker"]) return finish(started);
    const hybrid = tables.map((t, i) => ({ ...t, input: { table: t.input, verdict: verdicts[i].input } }));
    const gated = leaveOneSourceOut(gatedDecision(fitOptions()), hybrid);
    log(
      `\n${formatScheme("gated decision (rules unless the fitted confidence is low, then the fitted ranker), leave-one-source-out", gated, baseRow)}`,
    );
    out.gatedLoso = gated;
    const agreement = leaveOneSourceOut(agreementConfidence(fitOptions()), hybrid);
    log(
      `\n${formatReliability("engine verdict, confidence + out-of-fold rules/ranker agreement, leave-one-source-out", agreement)}`,
    );
    out.agreementLoso = agreement;
    const learner = learnedDecision(fitOptions());
    const loso = leaveOneSourceOut(learner, tables);
    log(
      `\n${formatScheme("learned decision, leave-one-source-out (everything fitted on the other sources)", loso, baseRow)}`,
    );
    log(formatReliability("learned decision, leave-one-source-out: stated confidence vs agent accuracy", loso));
    if (values.quick) return finish(started);
    const kfold = kFoldWithinSources(learner, tables);
    log(`\n${formatScheme("learned decision, 5-fold within each source (fitted inside each fold)", kfold, baseRow)}`);
    log(
      `\n${formatScheme("learned decision, fitted and scored on all sources (in-sample)", inSample(learner, tables), baseRow)}`,
    );
    out.loso = loso;
    out.kfold = kfold;
    if (values.ablation) out.ablation = ablationGroups(tables, loso, log, fitOptions());
  }
  if (!values["skip-synthetic"])
    out.synthetic = syntheticSection(Number(values["synthetic-n"]), values["synthetic-seed"]!, log, values.json);
  if (!values["skip-synthetic"]) {
    const alt = altSyntheticSection(Number(values["alt-n"]), values["alt-seed"]!, log, values.json);
    out.altSynthetic = { ...alt.subset, byWire: alt.byWire, bareStampBlamed: alt.bareStampBlamed };
  }
  finish(started);
}

function finish(started: number) {
  log(`\n(total ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (values.json) console.log(JSON.stringify(out, null, 2));
}

/** The fit's hyper-parameters; flags override the defaults for experiments (LOSO judges them). */
function fitOptions(): FitOptions {
  const num = (s: string | undefined, d: number) => (s === undefined ? d : Number(s));
  return {
    ...FIT_DEFAULTS,
    l2: num(values.l2, FIT_DEFAULTS.l2),
    iterations: num(values.iterations, FIT_DEFAULTS.iterations),
    learningRate: num(values["learning-rate"], FIT_DEFAULTS.learningRate),
    stepWeight: num(values["step-weight"], FIT_DEFAULTS.stepWeight),
  };
}

main();
