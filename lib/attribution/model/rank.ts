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

/** Softmax probabilities of a table's candidates under a weight vector aligned to `table.names`. */
export function candidateProbabilities(table: CandidateTable, w: Float64Array): Float64Array {
  const k = table.names.length;
  const rows = table.steps.length;
  const s = new Float64Array(rows);
  let max = -Infinity;
  for (let r = 0; r < rows; r++) {
    let z = 0;
    for (let c = 0; c < k; c++) z += w[c] * table.x[r * k + c];
    s[r] = z;
    if (z > max) max = z;
  }
  let total = 0;
  for (let r = 0; r < rows; r++) total += s[r] = Math.exp(s[r] - max);
  for (let r = 0; r < rows; r++) s[r] /= total;
  return s;
}

export function alignWeights(table: CandidateTable, features: Record<string, number>): Float64Array {
  return Float64Array.from(table.names, (n) => features[n] ?? 0);
}

export function agentScores(table: CandidateTable, p: Float64Array): AgentScore[] {
  const byAgent = new Map<number, AgentScore>();
  for (let r = 0; r < p.length; r++) {
    const a = table.agentOf[r];
    const cur = byAgent.get(a);
    if (!cur) byAgent.set(a, { agent: a, probability: p[r], row: r });
    else {
      cur.probability += p[r];
      if (p[r] > p[cur.row]) cur.row = r;
    }
  }
  return [...byAgent.values()].sort((x, y) => y.probability - x.probability || x.row - y.row);
}

export function rank(table: CandidateTable, weights: ModelWeights): Ranking {
  const p = candidateProbabilities(table, alignWeights(table, weights.features));
  const agents = agentScores(table, p);
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
