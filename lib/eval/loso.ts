/**
 * Evaluation that cannot be fooled by fitting: leave-one-source-out (everything fitted — weights,
 * calibration, thresholds — sees only the other sources) and k-fold within each source (fitting
 * inside each fold). A `Learner` fits on groups of cached per-record inputs and predicts a record;
 * an engine without fitted parts is a learner whose fit does nothing, so its figures are the same
 * in every scheme. Each prediction is scored for the agent (top 1 and top 3), the step (exact,
 * ±1, ±3 positions) and its stated confidence.
 */
import { assignFolds } from "./evaluate-subset";

export interface Gold {
  agents: string[];
  /** Index of the gold step in the trace's steps, or −1. */
  stepIndex: number;
}

export interface Item<T> {
  id: string;
  source: string;
  gold: Gold;
  input: T;
}

export interface Prediction {
  /** Agents, most likely first. */
  agents: string[];
  stepIndex: number;
  confidence: number;
  /** Whether the verdict names a root cause (false: undetermined, suspects only). */
  decided: boolean;
}

export interface Learner<T, P> {
  name: string;
  fit(groups: Item<T>[][]): P;
  predict(params: P, item: Item<T>): Prediction;
}

export interface Scored {
  id: string;
  source: string;
  agentHit: boolean;
  top3Hit: boolean;
  stepExact: boolean;
  step1: boolean;
  step3: boolean;
  confidence: number;
  decided: boolean;
}

export function scorePrediction(item: Item<unknown>, p: Prediction): Scored {
  const d = item.gold.stepIndex >= 0 && p.stepIndex >= 0 ? Math.abs(p.stepIndex - item.gold.stepIndex) : Infinity;
  return {
    id: item.id,
    source: item.source,
    agentHit: p.agents.length > 0 && item.gold.agents.includes(p.agents[0]),
    top3Hit: p.agents.slice(0, 3).some((a) => item.gold.agents.includes(a)),
    stepExact: d === 0,
    step1: d <= 1,
    step3: d <= 3,
    confidence: p.confidence,
    decided: p.decided,
  };
}

function bySource<T>(items: Item<T>[]): Map<string, Item<T>[]> {
  const out = new Map<string, Item<T>[]>();
  for (const it of items) out.set(it.source, [...(out.get(it.source) ?? []), it]);
  return out;
}

/** Each source predicted by a learner fitted on the other sources only. */
export function leaveOneSourceOut<T, P>(learner: Learner<T, P>, items: Item<T>[]): Scored[] {
  const sources = bySource(items);
  const out: Scored[] = [];
  for (const [name, held] of sources) {
    const params = learner.fit([...sources].filter(([n]) => n !== name).map(([, g]) => g));
    for (const it of held) out.push(scorePrediction(it, learner.predict(params, it)));
  }
  return out;
}

/** Within each source: k folds, the learner fitted on the other folds of the same source. */
export function kFoldWithinSources<T, P>(
  learner: Learner<T, P>,
  items: Item<T>[],
  k = 5,
  seed = "culprit-eval",
): Scored[] {
  const out: Scored[] = [];
  for (const [name, all] of bySource(items)) {
    const folds = Math.min(k, all.length);
    const fold = assignFolds(all.length, folds, `${seed}:${name}`);
    const groupsExcept = (f: number) =>
      Array.from({ length: folds }, (_, g) => all.filter((_, i) => fold[i] === g)).filter((_, g) => g !== f);
    for (let f = 0; f < folds; f++) {
      const params = learner.fit(groupsExcept(f));
      all.forEach((it, i) => {
        if (fold[i] === f) out.push(scorePrediction(it, learner.predict(params, it)));
      });
    }
  }
  return out;
}

/**
 * The other half of a known source: k folds within each source, the learner fitted on every other
 * fold of every source (the held fold's own source included, as a shipped fit would be). This is
 * what a fit on all development data is worth on new runs of the systems it has seen; LOSO is what
 * it is worth on systems it has not.
 */
export function kFoldPooled<T, P>(learner: Learner<T, P>, items: Item<T>[], k = 5, seed = "culprit-eval"): Scored[] {
  const sources = [...bySource(items)];
  const folds = sources.map(([name, all]) => assignFolds(all.length, Math.min(k, all.length), `${seed}:${name}`));
  const out: Scored[] = [];
  for (let f = 0; f < k; f++) {
    const groups = sources.map(([, all], s) => all.filter((_, i) => folds[s][i] !== f)).filter((g) => g.length);
    const params = learner.fit(groups);
    sources.forEach(([, all], s) =>
      all.forEach((it, i) => {
        if (folds[s][i] === f) out.push(scorePrediction(it, learner.predict(params, it)));
      }),
    );
  }
  return out;
}

/** Fitted on everything and scored on everything: in-sample, and labelled so. */
export function inSample<T, P>(learner: Learner<T, P>, items: Item<T>[]): Scored[] {
  const params = learner.fit([...bySource(items).values()]);
  return items.map((it) => scorePrediction(it, learner.predict(params, it)));
}
