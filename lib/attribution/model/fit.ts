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
import { agentScores, alignWeights, candidateLogits, logit, sigmoid, softmax, type ModelWeights } from "./rank";

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

export const FIT_DEFAULTS: FitOptions = {
  iterations: 300,
  learningRate: 1,
  l2: 0.02,
  stepWeight: 0.5,
  undeterminedBelow: 0.25,
};

/** An example with its nonzero features as global column indices (rows in CSR form). */
interface Sparse {
  start: Int32Array;
  col: Int32Array;
  val: Float64Array;
  agentOf: number[];
  goldAgents: Set<number>;
  goldStep: number;
  w: number;
}

function sparse(e: Example, at: Map<string, number>, w: number): Sparse {
  const { table } = e;
  const k = table.names.length;
  const cols = table.names.map((n) => at.get(n) ?? -1);
  const rows = table.steps.length;
  const start = new Int32Array(rows + 1);
  const col: number[] = [];
  const val: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < k; c++) {
      const x = table.x[r * k + c];
      if (x !== 0 && cols[c] >= 0) {
        col.push(cols[c]);
        val.push(x);
      }
    }
    start[r + 1] = col.length;
  }
  const goldAgents = new Set(e.goldRows.map((r) => table.agentOf[r]));
  return {
    start,
    col: Int32Array.from(col),
    val: Float64Array.from(val),
    agentOf: table.agentOf,
    goldAgents,
    goldStep: e.goldStep,
    w,
  };
}

/** Fits the ranking weights on groups of examples (each group weighs the same). */
export function fitRanker(
  groups: Example[][],
  o: FitOptions = FIT_DEFAULTS,
  exclude: ReadonlySet<string> = new Set(),
): Record<string, number> {
  const vocab = [...new Set(groups.flat().flatMap((e) => e.table.names))].filter((n) => !exclude.has(n)).sort();
  const at = new Map(vocab.map((n, i) => [n, i]));
  const theta = new Float64Array(vocab.length);
  const used = groups.filter((g) => g.length);
  const items = used.flatMap((g) =>
    g.filter((e) => e.goldRows.length).map((e) => sparse(e, at, 1 / (used.length * g.length))),
  );
  const grad = new Float64Array(vocab.length);
  for (let it = 0; it < o.iterations; it++) {
    for (let j = 0; j < vocab.length; j++) grad[j] = o.l2 * theta[j];
    for (const e of items) accumulate(e, theta, o.stepWeight, grad);
    for (let j = 0; j < vocab.length; j++) theta[j] -= o.learningRate * grad[j];
  }
  const out: Record<string, number> = {};
  vocab.forEach((n, j) => {
    const v = Math.round(theta[j] * 1e6) / 1e6;
    if (v !== 0) out[n] = v;
  });
  return out;
}

/**
 * Adds one example's gradient. Agent term: −log Σ_{gold agents} P_a, with P_a the softmax over
 * agents of log-mean-exp of their step scores (see `agentScores`). Step term: −log p(gold step)
 * under the softmax over all candidates.
 */
function accumulate(e: Sparse, theta: Float64Array, stepWeight: number, grad: Float64Array): void {
  const rows = e.start.length - 1;
  const s = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let z = 0;
    for (let q = e.start[r]; q < e.start[r + 1]; q++) z += theta[e.col[q]] * e.val[q];
    s[r] = z;
  }
  const coef = new Float64Array(rows);
  agentTerm(e, s, coef);
  if (e.goldStep >= 0) {
    const p = softmax(s);
    for (let r = 0; r < rows; r++) coef[r] += stepWeight * p[r];
    coef[e.goldStep] -= stepWeight;
  }
  for (let r = 0; r < rows; r++) {
    const c0 = coef[r] * e.w;
    if (c0 === 0) continue;
    for (let q = e.start[r]; q < e.start[r + 1]; q++) grad[e.col[q]] += c0 * e.val[q];
  }
}

function agentTerm(e: Sparse, s: Float64Array, coef: Float64Array): void {
  const agents = [...new Set(e.agentOf)];
  const slot = new Map(agents.map((a, i) => [a, i]));
  const max = new Float64Array(agents.length).fill(-Infinity);
  e.agentOf.forEach((a, r) => (max[slot.get(a)!] = Math.max(max[slot.get(a)!], s[r])));
  const sum = new Float64Array(agents.length);
  const count = new Float64Array(agents.length);
  e.agentOf.forEach((a, r) => {
    sum[slot.get(a)!] += Math.exp(s[r] - max[slot.get(a)!]);
    count[slot.get(a)!]++;
  });
  const P = softmax(Float64Array.from(agents, (_, i) => max[i] + Math.log(sum[i] / count[i])));
  let gold = 0;
  for (const a of e.goldAgents) gold += P[slot.get(a) ?? -1] ?? 0;
  if (gold <= 0) return;
  e.agentOf.forEach((a, r) => {
    const i = slot.get(a)!;
    const q = Math.exp(s[r] - max[i]) / sum[i];
    coef[r] += q * (P[i] - (e.goldAgents.has(a) ? P[i] / gold : 0));
  });
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
  const top = agentScores(e.table, candidateLogits(e.table, alignWeights(e.table, features)))[0];
  return top
    ? { p: top.probability, hit: e.goldRows.some((r) => e.table.agentOf[r] === top.agent) }
    : { p: 0, hit: false };
}

/** The whole fit: the ranker on every group, its calibration out of group. */
export function fitModel(
  groups: Example[][],
  o: FitOptions = FIT_DEFAULTS,
  exclude: ReadonlySet<string> = new Set(),
): ModelWeights {
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
