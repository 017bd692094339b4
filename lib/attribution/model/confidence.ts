/**
 * The verdict's stated confidence, learned: how likely the named agent is the one the run's
 * annotators would blame. Fitted by `npm run fit` on the development sources and judged
 * leave-one-source-out by `npm run eval`, so a confidence of 0.7 means about seven in ten such
 * verdicts named the right agent on systems the fit never saw. Deterministic: gradient descent
 * from zero for a fixed number of iterations.
 *
 * The model has a floor at chance: p = c + (1 − c)·σ(w·x). With probability σ(w·x) the evidence
 * picked the right agent; otherwise the pick is as good as a guess, right with probability c.
 * Blame falls more often on agents that act more (the exposure argument of the engine's prior),
 * so a guess weighted by activity is right with probability Σ s_a² over the agents' shares s_a of
 * the run's steps (1/k when k agents act equally); the named agent's own share bounds it, since
 * chance cannot favour an agent beyond its part of the run. The floor is structure, not a fitted
 * weight, so it carries over to systems with more (or fewer) agents than the development sources
 * had: seven agents acting equally start from 1/7, two from 1/2.
 */
import type { CandidateTable } from "./candidates";
import type { ParticipantKind } from "./participants";
import { sigmoid } from "./rank";
import { PRIOR_RULE_NAMES, detectorFeature, ruleFeature, type DetectorName } from "./vocabulary";

export const BIAS = "bias";
/** The chance floor of a verdict (see above): an input of the model, never a fitted weight. */
export const CHANCE = "chance";

/**
 * The few, general features the evidence term reads (strong regularization, few features: they
 * must hold on systems the fit never saw). `agent:not-worker`: the named agent directs, checks or
 * poses the work rather than doing it (from its behaviour); such verdicts are right less often
 * than a worker's on most sources, since the agent doing the work makes most of the mistakes.
 * `agent:majority`: it does most of the run's substantive work (more than half of the candidates'
 * substantive steps), the verdict that agrees with the strongest label-free base rate. A kind the
 * classifier could not tell from a tool's (environment, harness) counts as neither. Which rule
 * named the step is left out: rules fitted on one family of systems say little about how often
 * they hold on another.
 */
const MAJORITY = 0.5;
const NOT_WORKER: ReadonlySet<ParticipantKind> = new Set(["orchestrator", "verifier", "simulated-user", "task-giver"]);

/**
 * Findings that establish the step wrong by a check the engine ran itself, not by the absence of a
 * source: a sum that does not recompute, a value that differs from the source the step quotes or the
 * output it read, a success claimed over a failed output, a task constraint missing from an instruction.
 * A verdict resting on one is not a guess, so it is never held back as undetermined (see
 * ESTABLISHED_FLOOR). Unsourced or ungrounded values are not here: a source the engine could not see
 * leaves them open.
 */
const ESTABLISHED: readonly DetectorName[] = [
  "arithmetic-mismatch",
  "miscomputed-aggregate",
  "contradicts-source",
  "contradiction",
  "contradicts-output",
  "false-success-claim",
  "dropped-constraint",
  "misreported-tally",
  "overruled-consensus",
];
/** The score from which a finding counts (the engine's fault threshold). */
const FINDING_FROM = 0.5;
/** Marks a verdict resting on an established finding: it floors the confidence and is not a fitted feature. */
const ESTABLISHED_FLAG = "flag:established";
/**
 * Established findings are right more often than chance on every development source, as a group
 * about as often as verdicts overall; the floor only promises what a prior may not exceed, so the two
 * flags meet at one point: a prior never above it, an established finding never below it.
 */
export const ESTABLISHED_FLOOR = 0.5;

const PRIOR_RULES = PRIOR_RULE_NAMES.map(ruleFeature);
/** Marks a verdict named by a prior: it caps the confidence and is not a fitted feature. */
const PRIOR_FLAG = "flag:prior";
const isFlag = (name: string) => name.startsWith("flag:");
/** Inputs that are not fitted weights: flags and the chance floor. */
const isFitted = (name: string) => !isFlag(name) && name !== CHANCE;

/** The chance that a guess weighted by activity is right (Σ s²), at most the named agent's share. */
export function chanceFloor(table: CandidateTable, agent: number): number {
  let concentration = 0;
  for (const s of table.activity) concentration += s * s;
  return Math.min(concentration, table.activity[agent] ?? 0);
}

/**
 * Features of the verdict: the named agent (`agent`, an index of `table.agentNames`, by default the
 * agent of the decisive row) and the row the rule-based decision named (`rule:final`, −1 when the
 * decisive step is not a candidate), plus the run's shape: the chance floor and how many agents
 * the work is spread over (log of the effective number: work spread evenly over many agents
 * leaves more ways to be wrong).
 */
export function verdictFeatures(
  table: CandidateTable,
  row: number,
  agent = row >= 0 ? table.agentOf[row] : -1,
): Record<string, number> {
  const k = table.names.length;
  const out: Record<string, number> = {
    [BIAS]: 1,
    // Without a named agent its share is unknown: no floor.
    [CHANCE]: agent >= 0 ? chanceFloor(table, agent) : 0,
    "run:effective-agents": Math.log(Math.max(1, table.effectiveAgents)),
  };
  if (agent >= 0 && NOT_WORKER.has(table.kinds[agent])) out["agent:not-worker"] = 1;
  // A prior is a prior wherever its step lands, a candidate row or not.
  if (table.priorVerdict) out[PRIOR_FLAG] = 1;
  if (row < 0) {
    out["row:none"] = 1;
    return out;
  }
  const share = table.names.indexOf("agent:work-share");
  if (share >= 0 && table.x[row * k + share] > MAJORITY) out["agent:majority"] = 1;
  for (const r of PRIOR_RULES) {
    const c = table.names.indexOf(r);
    if (c >= 0 && table.x[row * k + c] === 1) out[PRIOR_FLAG] = 1;
  }
  for (const name of ESTABLISHED) {
    const c = table.names.indexOf(detectorFeature(name));
    if (c >= 0 && table.x[row * k + c] >= FINDING_FROM) out[ESTABLISHED_FLAG] = 1;
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

/** σ(w·x): the probability that the evidence, not chance, picked the right agent. */
export function evidenceTerm(features: Record<string, number>, weights: Record<string, number>): number {
  let z = 0;
  for (const name of Object.keys(features).sort()) if (isFitted(name)) z += (weights[name] ?? 0) * features[name];
  return sigmoid(z);
}

/** The chance floor when the features carry it, else 0 (then the model is plain logistic regression). */
const chanceOf = (features: Record<string, number>) => Math.min(1, Math.max(0, features[CHANCE] ?? 0));

export function confidenceOf(features: Record<string, number>, weights: Record<string, number>): number {
  const c = chanceOf(features);
  const p = c + (1 - c) * evidenceTerm(features, weights);
  if (isPrior(features)) return Math.min(PRIOR_CAP, p);
  return features[ESTABLISHED_FLAG] === 1 ? Math.max(ESTABLISHED_FLOOR, p) : p;
}

export interface ConfidenceExample {
  features: Record<string, number>;
  hit: boolean;
  /** Weight of the example (each group weighs the same in total). */
  w: number;
}

export interface ConfidenceFitOptions {
  iterations: number;
  /** L2 on every weight but the bias. */
  l2: number;
  rate: number;
  /** Weights held to a sign (+1: never below 0, −1: never above 0); others are free. */
  signs: Record<string, 1 | -1>;
}

/**
 * The direction each feature can move the confidence, whatever a refit on other data says: a
 * coordinating or checking role never makes the verdict likelier right, nor does work spread over
 * more agents (more ways to be wrong); doing most of the work never makes it less likely. A weight
 * that the data would push the other way stays at 0 (the feature is then ignored).
 */
export const CONFIDENCE_SIGNS: Record<string, 1 | -1> = {
  "agent:not-worker": -1,
  "agent:majority": 1,
  "run:effective-agents": -1,
};

export const CONFIDENCE_FIT: ConfidenceFitOptions = { iterations: 2000, l2: 0.02, rate: 2, signs: CONFIDENCE_SIGNS };

/**
 * Maximum likelihood of p = c + (1 − c)·σ(z) with L2 (the bias unpenalized) and sign constraints,
 * fixed iterations.
 * With c = 0 this is logistic regression. A verdict with c = 1 (a single agent) carries no
 * information about the weights and is skipped.
 */
export function fitConfidence(
  examples: ConfidenceExample[],
  options: Partial<ConfidenceFitOptions> = {},
): Record<string, number> {
  const { iterations, l2, rate, signs } = { ...CONFIDENCE_FIT, ...options };
  const names = [...new Set(examples.flatMap((e) => Object.keys(e.features).filter(isFitted)))].sort();
  const at = new Map(names.map((n, i) => [n, i]));
  const used = examples.filter((e) => chanceOf(e.features) < 1);
  const rows = used.map((e) =>
    Object.entries(e.features)
      .filter(([n]) => isFitted(n))
      .map(([n, x]) => [at.get(n)!, x] as const),
  );
  const theta = new Float64Array(names.length);
  const grad = new Float64Array(names.length);
  const total = used.reduce((s, e) => s + e.w, 0) || 1;
  for (let it = 0; it < iterations; it++) {
    for (let j = 0; j < names.length; j++) grad[j] = names[j] === BIAS ? 0 : l2 * theta[j];
    used.forEach((e, i) => {
      let z = 0;
      for (const [j, x] of rows[i]) z += theta[j] * x;
      const d = (mixtureSlope(sigmoid(z), chanceOf(e.features), e.hit) * e.w) / total;
      for (const [j, x] of rows[i]) grad[j] += d * x;
    });
    for (let j = 0; j < names.length; j++) {
      theta[j] -= rate * grad[j];
      // Projected gradient: a signed weight that crosses 0 stops there.
      const sign = signs[names[j]];
      if (sign !== undefined && theta[j] * sign < 0) theta[j] = 0;
    }
  }
  const out: Record<string, number> = {};
  names.forEach((n, j) => {
    const v = Math.round(theta[j] * 1e6) / 1e6;
    if (v !== 0) out[n] = v;
  });
  return out;
}

/**
 * d(−log-likelihood)/dz of p = c + (1 − c)·q, q = σ(z): (1 − c)·q(1 − q)·(p − y)/(p(1 − p)).
 * Simplified so that it stays finite: for a hit −(1 − c)·q(1 − q)/p, for a miss q.
 */
function mixtureSlope(q: number, c: number, hit: boolean): number {
  if (!hit) return q;
  const p = c + (1 - c) * q;
  return (-(1 - c) * q * (1 - q)) / p;
}
