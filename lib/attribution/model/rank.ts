/**
 * Inference of the learned decision: a linear score per candidate step, a softmax over the run's
 * candidates (a listwise ranking model), an agent's probability the sum of its steps', and the
 * stated confidence a Platt calibration of the top agent's probability, fitted out of fold (see
 * `fit.ts`). Plain arithmetic in a fixed order: byte-identical for the same table and weights.
 */
import type { CandidateTable } from "./candidates";
import { featureText, isContextFeature } from "./vocabulary";

export interface ModelWeights {
  version: string;
  features: Record<string, number>;
  /** confidence = σ(a · logit(p) + b), p the top agent's probability. */
  calibration: { a: number; b: number };
  /** Below this calibrated confidence the verdict is "undetermined" (ranked suspects only). */
  undeterminedBelow: number;
  provenance?: Record<string, unknown>;
}

export interface AgentScore {
  agent: number;
  probability: number;
  /** Row (candidate index) of the agent's most probable step. */
  row: number;
}

export interface Ranking {
  /** Probability per candidate row. */
  p: Float64Array;
  /** Agents, most probable first (ties: earlier best step first). */
  agents: AgentScore[];
  confidence: number;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
export const logit = (p: number) => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};

/** The linear score of each candidate row under a weight vector aligned to `table.names`. */
export function candidateLogits(table: CandidateTable, w: Float64Array): Float64Array {
  const k = table.names.length;
  const rows = table.steps.length;
  const s = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let z = 0;
    for (let c = 0; c < k; c++) z += w[c] * table.x[r * k + c];
    s[r] = z;
  }
  return s;
}

/** Softmax of scores (max-shifted, so large scores do not overflow). */
export function softmax(s: Float64Array): Float64Array {
  let max = -Infinity;
  for (const z of s) if (z > max) max = z;
  const p = new Float64Array(s.length);
  let total = 0;
  for (let r = 0; r < s.length; r++) total += p[r] = Math.exp(s[r] - max);
  for (let r = 0; r < s.length; r++) p[r] /= total;
  return p;
}

export function alignWeights(table: CandidateTable, features: Record<string, number>): Float64Array {
  return Float64Array.from(table.names, (n) => features[n] ?? 0);
}

/**
 * Agent probabilities from step scores: an agent's score is the log of the mean of exp(score) over
 * its steps, so an agent is not favoured merely for taking many steps (how much work an agent did
 * is a feature of its own), then a softmax over agents. Each agent's best step is its top-scored row.
 */
export function agentScores(table: CandidateTable, s: Float64Array): AgentScore[] {
  const rowsOf = new Map<number, number[]>();
  table.agentOf.forEach((a, r) => rowsOf.set(a, [...(rowsOf.get(a) ?? []), r]));
  const agents = [...rowsOf.keys()];
  const score = new Float64Array(agents.length);
  const best = agents.map((a, i) => {
    const rows = rowsOf.get(a)!;
    let top = rows[0];
    for (const r of rows) if (s[r] > s[top]) top = r;
    let sum = 0;
    for (const r of rows) sum += Math.exp(s[r] - s[top]);
    score[i] = s[top] + Math.log(sum / rows.length);
    return top;
  });
  const p = softmax(score);
  return agents
    .map((agent, i) => ({ agent, probability: p[i], row: best[i] }))
    .sort((x, y) => y.probability - x.probability || x.row - y.row);
}

export function rank(table: CandidateTable, weights: ModelWeights): Ranking {
  const logits = candidateLogits(table, alignWeights(table, weights.features));
  const p = softmax(logits);
  const agents = agentScores(table, logits);
  const top = agents[0]?.probability ?? 0;
  const { a, b } = weights.calibration;
  return { p, agents, confidence: agents.length ? sigmoid(a * logit(top) + b) : 0 };
}

export interface Reason {
  feature: string;
  text: string;
  weight: number;
}

/**
 * The features that carried a row: those whose contribution w·(x − mean over candidates) is
 * positive, largest first. Evidence features are listed before context (position, agent) ones.
 */
export function reasonsFor(table: CandidateTable, weights: ModelWeights, row: number, max = 5): Reason[] {
  const k = table.names.length;
  const rows = table.steps.length;
  const out: Reason[] = [];
  for (let c = 0; c < k; c++) {
    const name = table.names[c];
    const w = weights.features[name] ?? 0;
    if (w === 0) continue;
    let mean = 0;
    for (let r = 0; r < rows; r++) mean += table.x[r * k + c];
    mean /= Math.max(1, rows);
    const contribution = w * (table.x[row * k + c] - mean);
    if (contribution > 1e-9) out.push({ feature: name, text: featureText(name), weight: contribution });
  }
  out.sort(
    (x, y) =>
      Number(isContextFeature(x.feature)) - Number(isContextFeature(y.feature)) ||
      y.weight - x.weight ||
      (x.feature < y.feature ? -1 : 1),
  );
  return out.slice(0, max);
}
