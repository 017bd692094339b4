/**
 * The verdict's stated confidence, learned: a logistic model over the features of the decisive
 * step (its detectors, the rule that named it, its position, its agent's share of the work and
 * kind) predicting whether the named agent is right. Fitted by `npm run fit` on the development
 * sources and judged leave-one-source-out by `npm run eval`, so a confidence of 0.7 means about
 * seven in ten such verdicts named the right agent on systems the fit never saw. Deterministic:
 * gradient descent from zero for a fixed number of iterations.
 */
import type { CandidateTable } from "./candidates";
import { sigmoid } from "./rank";

export const BIAS = "bias";

/**
 * The few, general features the confidence reads (strong regularization, few features: they must
 * hold on systems the fit never saw): whether the named agent does most of the run's substantive
 * work (the verdict that agrees with the strongest label-free base rate is right more often, on
 * every source), whether it is a worker by behaviour, whether repairing its step flips the outcome,
 * and the run's size (more agents and steps, more ways to be wrong). Which rule named the step is
 * left out: rules fitted on one family of systems say little about how often they hold on another.
 */
const CONFIDENCE_FEATURE = /^(?:kind:worker$|agent:work-share$|cf:flips$)/;
/** "Most of the work": more than half of the substantive steps of the run's candidates. */
const MAJORITY = 0.5;

/** Rules that name a suspect without evidence at the step (a prior). */
const PRIOR_RULES = ["rule:exposure-prior", "rule:largest-blame-flow"];
/** Marks a verdict named by a prior: it caps the confidence and is not a fitted feature. */
const PRIOR_FLAG = "flag:prior";
const isFlag = (name: string) => name.startsWith("flag:");

/** Features of the row the rule-based decision named (`rule:final`), plus the run's size. */
export function verdictFeatures(table: CandidateTable, row: number): Record<string, number> {
  const k = table.names.length;
  const out: Record<string, number> = { [BIAS]: 1, "run:candidates": Math.min(1, Math.log1p(table.candidates) / 7) };
  out["run:agents"] = Math.min(1, table.candidateAgents / 10);
  if (row < 0) {
    out["row:none"] = 1;
    return out;
  }
  for (let c = 0; c < k; c++) {
    const x = table.x[row * k + c];
    if (x !== 0 && CONFIDENCE_FEATURE.test(table.names[c])) out[table.names[c]] = x;
  }
  if ((out["agent:work-share"] ?? 0) > MAJORITY) out["agent:majority"] = 1;
  for (const r of PRIOR_RULES) {
    const c = table.names.indexOf(r);
    if (c >= 0 && table.x[row * k + c] === 1) out[PRIOR_FLAG] = 1;
  }
  return out;
}

/** The row the rule-based decision named, or −1. */
export function decisiveRow(table: CandidateTable): number {
  const c = table.names.indexOf("rule:final");
  if (c < 0) return -1;
  for (let r = 0; r < table.steps.length; r++) if (table.x[r * table.names.length + c] === 1) return r;
  return -1;
}

/** A prior is a suspect, not a finding: its stated confidence stays below what evidenced verdicts can reach. */
export const PRIOR_CAP = 0.5;

/** The verdict was named by a prior, not by evidence at the step. */
export function isPrior(features: Record<string, number>): boolean {
  return features[PRIOR_FLAG] === 1;
}

export function confidenceOf(features: Record<string, number>, weights: Record<string, number>): number {
  let z = 0;
  for (const name of Object.keys(features).sort()) if (!isFlag(name)) z += (weights[name] ?? 0) * features[name];
  const p = sigmoid(z);
  return isPrior(features) ? Math.min(PRIOR_CAP, p) : p;
}

export interface ConfidenceExample {
  features: Record<string, number>;
  hit: boolean;
  /** Weight of the example (each group weighs the same in total). */
  w: number;
}

/** Logistic regression with L2 (the bias unpenalized), fixed iterations. */
export function fitConfidence(
  examples: ConfidenceExample[],
  iterations = 400,
  l2 = 0.05,
  rate = 2,
): Record<string, number> {
  const names = [...new Set(examples.flatMap((e) => Object.keys(e.features).filter((n) => !isFlag(n))))].sort();
  const at = new Map(names.map((n, i) => [n, i]));
  const rows = examples.map((e) =>
    Object.entries(e.features)
      .filter(([n]) => !isFlag(n))
      .map(([n, x]) => [at.get(n)!, x] as const),
  );
  const theta = new Float64Array(names.length);
  const grad = new Float64Array(names.length);
  const total = examples.reduce((s, e) => s + e.w, 0) || 1;
  for (let it = 0; it < iterations; it++) {
    for (let j = 0; j < names.length; j++) grad[j] = names[j] === BIAS ? 0 : l2 * theta[j];
    examples.forEach((e, i) => {
      let z = 0;
      for (const [j, x] of rows[i]) z += theta[j] * x;
      const d = ((sigmoid(z) - (e.hit ? 1 : 0)) * e.w) / total;
      for (const [j, x] of rows[i]) grad[j] += d * x;
    });
    for (let j = 0; j < names.length; j++) theta[j] -= rate * grad[j];
  }
  const out: Record<string, number> = {};
  names.forEach((n, j) => {
    const v = Math.round(theta[j] * 1e6) / 1e6;
    if (v !== 0) out[n] = v;
  });
  return out;
}
