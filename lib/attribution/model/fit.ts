/**
 * Fitting the learned decision (used by `npm run fit` and by the evaluation's folds). Deterministic:
 * full-batch gradient descent from zero for a fixed number of iterations, no randomness. The loss
 * per run is the listwise cross-entropy of the gold agent (the probability mass of its steps) plus,
 * at a smaller weight, that of the gold step; strong L2 keeps the weights few and general. Each
 * group (a source, or a fold) weighs the same in total, so the largest source does not set the
 * model alone. The calibration is fitted on predictions for groups the ranker never saw: each
 * group is predicted by a ranker fitted on the other groups (leave one group out), and a Platt
 * curve maps those top-agent probabilities to how often they were right.
 */
import type { CandidateTable } from "./candidates";
import { agentScores, alignWeights, candidateProbabilities, logit, sigmoid, type ModelWeights } from "./rank";

export interface Example {
  table: CandidateTable;
  /** Rows whose agent is a right answer. */
  goldRows: number[];
  /** Row of the gold step, or −1 when it is not a candidate. */
  goldStep: number;
}

export interface FitOptions {
  iterations: number;
  learningRate: number;
  l2: number;
  stepWeight: number;
  undeterminedBelow: number;
}

export const FIT_DEFAULTS: FitOptions = { iterations: 300, learningRate: 1, l2: 0.02, stepWeight: 0.5, undeterminedBelow: 0.25 };

/** Fits the ranking weights on groups of examples (each group weighs the same). */
export function fitRanker(groups: Example[][], o: FitOptions = FIT_DEFAULTS, exclude: ReadonlySet<string> = new Set()): Record<string, number> {
  const vocab = [...new Set(groups.flat().flatMap((e) => e.table.names))].filter((n) => !exclude.has(n)).sort();
  const at = new Map(vocab.map((n, i) => [n, i]));
  const theta = new Float64Array(vocab.length);
  const used = groups.filter((g) => g.length);
  const items = used.flatMap((g) => g.filter((e) => e.goldRows.length).map((e) => ({ e, w: 1 / (used.length * g.length), cols: e.table.names.map((n) => at.get(n) ?? -1) })));
  const grad = new Float64Array(vocab.length);
  for (let it = 0; it < o.iterations; it++) {
    for (let j = 0; j < vocab.length; j++) grad[j] = o.l2 * theta[j];
    for (const { e, w, cols } of items) accumulate(e, cols, theta, w, o.stepWeight, grad);
    for (let j = 0; j < vocab.length; j++) theta[j] -= o.learningRate * grad[j];
  }
  const out: Record<string, number> = {};
  vocab.forEach((n, j) => {
    const v = Math.round(theta[j] * 1e6) / 1e6;
    if (v !== 0) out[n] = v;
  });
  return out;
}

/** Adds one example's gradient: E_p[x] − E_{p | gold}[x] for the agent term, likewise for the step. */
function accumulate(e: Example, cols: number[], theta: Float64Array, w: number, stepWeight: number, grad: Float64Array): void {
  const { table } = e;
  const k = table.names.length;
  const wv = Float64Array.from(cols, (j) => (j >= 0 ? theta[j] : 0));
  const p = candidateProbabilities(table, wv);
  let goldMass = 0;
  for (const r of e.goldRows) goldMass += p[r];
  const coef = new Float64Array(p.length);
  for (let r = 0; r < p.length; r++) coef[r] = p[r] * (1 + (e.goldStep >= 0 ? stepWeight : 0));
  if (goldMass > 0) for (const r of e.goldRows) coef[r] -= p[r] / goldMass;
  if (e.goldStep >= 0) coef[e.goldStep] -= stepWeight;
  for (let r = 0; r < p.length; r++) {
    if (coef[r] === 0) continue;
    const c0 = coef[r] * w;
    for (let c = 0; c < k; c++) {
      const x = table.x[r * k + c];
      if (x !== 0 && cols[c] >= 0) grad[cols[c]] += c0 * x;
    }
  }
}

/** Platt scaling of (probability, right?) pairs: σ(a · logit(p) + b), fitted by gradient descent. */
export function fitPlatt(pairs: { p: number; hit: boolean }[], iterations = 500): { a: number; b: number } {
  if (pairs.length < 4) return { a: 1, b: 0 };
  let a = 1;
  let b = 0;
  for (let it = 0; it < iterations; it++) {
    let ga = 0;
    let gb = 0;
    for (const { p, hit } of pairs) {
      const z = logit(p);
      const d = sigmoid(a * z + b) - (hit ? 1 : 0);
      ga += d * z;
      gb += d;
    }
    a -= (0.5 * ga) / pairs.length;
    b -= (0.5 * gb) / pairs.length;
  }
  return { a: Math.round(a * 1e6) / 1e6, b: Math.round(b * 1e6) / 1e6 };
}

/** Top-agent probability and whether it was right, under given weights. */
export function topAgentOutcome(e: Example, features: Record<string, number>): { p: number; hit: boolean } {
  const p = candidateProbabilities(e.table, alignWeights(e.table, features));
  const top = agentScores(e.table, p)[0];
  return top ? { p: top.probability, hit: e.goldRows.some((r) => e.table.agentOf[r] === top.agent) } : { p: 0, hit: false };
}

/** The whole fit: the ranker on every group, its calibration out of group. */
export function fitModel(groups: Example[][], o: FitOptions = FIT_DEFAULTS, exclude: ReadonlySet<string> = new Set()): ModelWeights {
  const features = fitRanker(groups, o, exclude);
  const pairs: { p: number; hit: boolean }[] = [];
  if (groups.length > 1)
    groups.forEach((held, i) => {
      const inner = fitRanker(
        groups.filter((_, j) => j !== i),
        o,
        exclude,
      );
      for (const e of held) pairs.push(topAgentOutcome(e, inner));
    });
  return { version: "fitted", features, calibration: fitPlatt(pairs), undeterminedBelow: o.undeterminedBelow };
}
