/**
 * Evaluates the engine on one subset of records: 5-fold cross-validation (a fixed seeded split;
 * `fit` sees four folds and the engine is scored on the fifth, so a calibrated engine is never
 * scored on what it was fitted to), Wilson 95 % intervals, base rates, accuracy on records whose
 * culprit is not the subset's majority agent, decision sources, verdict/blame agreement, and on
 * synthetic runs how often a victim or a rubber-stamp reviewer was blamed. Both settings are run:
 * without ground truth (the headline: a user rarely has the answer) and with it.
 */
import type { EngineConfig } from "../attribution/index";
import { createRng } from "../synthetic/prng";
import {
  firstAgent,
  lastAgent,
  majorityAgent,
  majorityPrediction,
  mostActiveAgent,
  type Prediction,
} from "./base-rates";
import type { EvalRecord } from "./records";
import { analyzeRecord, scoreReport, type DecisionSource, type RecordScore, type Setting } from "./score-record";
import { wilson } from "./wilson";

/** Fits engine options on training records. The default fits nothing (the engine has no learned weights). */
export type FitEngine = (train: readonly EvalRecord[]) => Partial<EngineConfig>;
export const noFit: FitEngine = () => ({});

export interface Rate {
  hits: number;
  n: number;
  rate: number;
  ci: [number, number];
}

export interface CvSummary {
  /** Accuracy on each held-out fold. */
  folds: number[];
  mean: number;
  /** Sample standard deviation across folds. */
  sd: number;
  min: number;
  max: number;
  /** All held-out predictions pooled (each record is predicted exactly once). */
  pooled: Rate;
}

export interface SettingResult {
  agent: CvSummary;
  step: CvSummary;
  nonMajority: { majorityAgent?: string; agent: Rate; step: Rate };
  decisions: Record<DecisionSource, { n: number; agentHits: number; stepHits: number }>;
  sourceInferred: boolean;
  topBlameIsDecisive: Rate;
  lastTouchBlamed?: Rate;
  rubberStampBlamed?: Rate;
  perFault?: Record<string, { agent: Rate; step: Rate }>;
  perTopology?: Record<string, { agent: Rate; step: Rate }>;
  /** Passing runs: how many got a decisive step ("root cause") although nothing failed. */
  controls?: { n: number; namedRootCause: number };
  scores: RecordScore[];
}

export interface BaseRate {
  agent: Rate;
  step: Rate;
}

export interface SubsetResult {
  subset: string;
  /** Records scored (failures with a gold agent). */
  n: number;
  settings: Record<Setting, SettingResult>;
  baseRates: { mostActive: BaseRate; first: BaseRate; last: BaseRate; majority: { agent: CvSummary; step: CvSummary } };
  /** Engine analyses run for this subset (timing is the caller's business: this module is pure). */
  analyses: number;
}

export interface EvaluateOptions {
  fit?: FitEngine;
  folds?: number;
  seed?: string;
  settings?: readonly Setting[];
}

export const SETTINGS: readonly Setting[] = ["no-ground-truth", "with-ground-truth"];

export function rate(hits: number, n: number): Rate {
  return { hits, n, rate: n ? hits / n : 0, ci: wilson(hits, n) };
}

/** Fold index per record: a seeded shuffle dealt round-robin, so folds differ in size by at most one. */
export function assignFolds(count: number, folds: number, seed: string): number[] {
  const order = createRng(seed).shuffle(Array.from({ length: count }, (_, i) => i));
  const fold = new Array<number>(count);
  order.forEach((recordIndex, position) => (fold[recordIndex] = position % folds));
  return fold;
}

function summarize(perFold: { hits: number; n: number }[]): CvSummary {
  const used = perFold.filter((f) => f.n > 0);
  const accs = used.map((f) => f.hits / f.n);
  const mean = accs.reduce((a, b) => a + b, 0) / Math.max(1, accs.length);
  const sd = accs.length > 1 ? Math.sqrt(accs.reduce((a, b) => a + (b - mean) ** 2, 0) / (accs.length - 1)) : 0;
  const hits = used.reduce((a, f) => a + f.hits, 0);
  const n = used.reduce((a, f) => a + f.n, 0);
  return {
    folds: accs,
    mean,
    sd,
    min: accs.length ? Math.min(...accs) : 0,
    max: accs.length ? Math.max(...accs) : 0,
    pooled: rate(hits, n),
  };
}

function baseRate(records: readonly EvalRecord[], predict: (r: EvalRecord) => Prediction): BaseRate {
  let a = 0;
  let s = 0;
  for (const r of records) {
    const p = predict(r);
    if (p.agent !== undefined && r.gold.agents.includes(p.agent)) a++;
    if (p.stepId !== undefined && r.gold.stepIds.includes(p.stepId)) s++;
  }
  return { agent: rate(a, records.length), step: rate(s, records.length) };
}

/** Agent and step accuracy per value of a record attribute (synthetic fault kind, topology). */
function breakdown(records: readonly EvalRecord[], scores: RecordScore[], key: (r: EvalRecord) => string | undefined) {
  const out: Record<string, { agent: Rate; step: Rate }> = {};
  for (const value of [...new Set(records.map(key))].filter((v): v is string => v !== undefined).sort()) {
    const idx = records.map((r, i) => (key(r) === value ? i : -1)).filter((i) => i >= 0);
    out[value] = {
      agent: rate(idx.filter((i) => scores[i].agentHit).length, idx.length),
      step: rate(idx.filter((i) => scores[i].stepHit).length, idx.length),
    };
  }
  return out;
}

export function evaluateSubset(
  subset: string,
  all: readonly EvalRecord[],
  options: EvaluateOptions = {},
): SubsetResult {
  const fit = options.fit ?? noFit;
  const k = options.folds ?? 5;
  const records = all.filter((r) => r.outcome === "failure" && r.gold.agent !== undefined);
  const controls = all.filter((r) => r.outcome === "success");
  const fold = assignFolds(records.length, k, `${options.seed ?? "culprit-eval"}:${subset}`);
  const trainOf = (f: number) => records.filter((_, i) => fold[i] !== f);
  const fitted = Array.from({ length: k }, (_, f) => fit(trainOf(f)));

  let analyses = 0;
  const settings = {} as Record<Setting, SettingResult>;
  const subsetMajority = majorityAgent(records);
  for (const setting of options.settings ?? SETTINGS) {
    const scores = records.map((r, i) => {
      analyses++;
      return scoreReport(r, analyzeRecord(r, setting, fitted[fold[i]]));
    });
    const perFold = (pick: (s: RecordScore) => boolean) =>
      Array.from({ length: k }, (_, f) => ({
        hits: scores.filter((s, i) => fold[i] === f && pick(s)).length,
        n: fold.filter((x) => x === f).length,
      }));
    const nonMajority = records.map((r, i) => ({ r, s: scores[i] })).filter(({ r }) => r.gold.agent !== subsetMajority);
    const decisions: SettingResult["decisions"] = {
      evidence: { n: 0, agentHits: 0, stepHits: 0 },
      prior: { n: 0, agentHits: 0, stepHits: 0 },
      undetermined: { n: 0, agentHits: 0, stepHits: 0 },
    };
    for (const s of scores) {
      decisions[s.source].n++;
      if (s.agentHit) decisions[s.source].agentHits++;
      if (s.stepHit) decisions[s.source].stepHits++;
    }
    const flagged = (pick: (s: RecordScore) => boolean | null) => {
      const xs = scores.map(pick).filter((x): x is boolean => x !== null);
      return rate(xs.filter(Boolean).length, xs.length);
    };
    const result: SettingResult = {
      agent: summarize(perFold((s) => s.agentHit)),
      step: summarize(perFold((s) => s.stepHit)),
      nonMajority: {
        majorityAgent: subsetMajority,
        agent: rate(nonMajority.filter(({ s }) => s.agentHit).length, nonMajority.length),
        step: rate(nonMajority.filter(({ s }) => s.stepHit).length, nonMajority.length),
      },
      decisions,
      sourceInferred: scores.some((s) => s.sourceInferred),
      topBlameIsDecisive: flagged((s) => s.topBlameIsDecisive),
      scores,
    };
    if (records.some((r) => r.fault !== undefined)) {
      result.lastTouchBlamed = flagged((s) => s.lastTouchBlamed);
      result.rubberStampBlamed = flagged((s) => s.rubberStampBlamed);
      result.perFault = breakdown(records, scores, (r) => r.fault);
      result.perTopology = breakdown(records, scores, (r) => r.topology);
    }
    if (controls.length) {
      const allFit = fit(records);
      let named = 0;
      for (const r of controls) {
        analyses++;
        if (analyzeRecord(r, setting, allFit).decisive) named++;
      }
      result.controls = { n: controls.length, namedRootCause: named };
    }
    settings[setting] = result;
  }

  const majorityFolds = (useStep: boolean) =>
    summarize(
      Array.from({ length: k }, (_, f) => {
        const majority = majorityAgent(trainOf(f));
        const test = records.filter((_, i) => fold[i] === f);
        const hits = test.filter((r) => {
          const p = majorityPrediction(r.trace, majority);
          return useStep
            ? p.stepId !== undefined && r.gold.stepIds.includes(p.stepId)
            : p.agent !== undefined && r.gold.agents.includes(p.agent);
        }).length;
        return { hits, n: test.length };
      }),
    );
  return {
    subset,
    n: records.length,
    settings,
    baseRates: {
      mostActive: baseRate(records, (r) => mostActiveAgent(r.trace)),
      first: baseRate(records, (r) => firstAgent(r.trace)),
      last: baseRate(records, (r) => lastAgent(r.trace)),
      majority: { agent: majorityFolds(false), step: majorityFolds(true) },
    },
    analyses,
  };
}
