/**
 * The seed methods' signals as two stages of `analyzeTrace`, kept out of the decision core so each
 * can be tested and changed on its own: DyLAN importance with its drop suggestions, and the
 * training signals (per-message rewards, their normalization, repair-aware preference pairs).
 */
import type { EngineGraph } from "./build-graph";
import { callerOf, isAgentUtterance, isToolOutput } from "./detectors/patterns";
import { dropSuggestions, dylanImportance } from "./dylan-importance";
import { failureRewards, preferencePairs, successRewards } from "./training-signals";
import type { CorrectiveAttempt } from "./corrective-attempts";
import type { SuccessCredit } from "./success-credit";
import type { AnalysisReport, EngineConfig } from "./types";
import { round6 as round } from "./round6";
import type { StepClaims } from "./claims/provenance";
import { stepTextValues } from "./claims/step-text-values";

export interface ImportanceSignals {
  /** Agent shares (Σ = 1). */
  perAgent: Float64Array;
  /** Per step (position order), DyLAN's per-round importance. */
  perStep: Float64Array;
  /** Agent indices suggested for dropping. */
  low: Set<number>;
  report: AnalysisReport["importance"];
}

/** `claims`: the provenance claims of every step, when at hand (DyLAN reads its inputs' values from them). */
export function importanceSignals(
  g: EngineGraph,
  config: EngineConfig,
  claims?: readonly StepClaims[],
): ImportanceSignals {
  const dylan = dylanImportance(g, claims ? (v) => stepTextValues(g, claims, v) : undefined);
  const drop = dropSuggestions(g, dylan.perAgent, config.lowImportanceFraction);
  return {
    perAgent: dylan.perAgent,
    perStep: dylan.perStep,
    low: drop.low,
    report: {
      perAgent: Object.fromEntries(g.agentNames.map((name, a) => [name, round(dylan.perAgent[a])])),
      systemBucket: 0,
      evidence: {
        stepIds: dylan.seeds.map((v) => g.steps[v].id),
        note: `DyLAN importance: the result's supporters share 1, each rater passes its importance to its inputs by its normalized ratings; shares over agents${dylan.usedRatings ? "; peer ratings are self-reported and can be corrupted" : ""}`,
      },
      method: "dylan",
      dropSuggestions: [...drop.low].map((a) => g.agentNames[a]),
      ratingsUsed: dylan.usedRatings,
    },
  };
}

export interface TrainingInput {
  g: EngineGraph;
  config: EngineConfig;
  analyzedAsFailure: boolean;
  fault: Float64Array;
  decisive: number;
  dist: Int32Array;
  corrective: CorrectiveAttempt[];
  importance: ImportanceSignals;
  /** Co-culprits' faulty steps with their blame relative to the decisive agent's (see `failureRewards`). */
  coOrigins?: { step: number; weight: number }[];
  /** A successful run's Shapley credit from the answer's lineage (see success-credit.ts). */
  lineageCredit?: SuccessCredit;
}

export interface TrainingSignals {
  /** Reward per step (position order). */
  rewards: Float64Array;
  preferencePairs: AnalysisReport["training"]["preferencePairs"];
  normalization: NonNullable<AnalysisReport["training"]["normalization"]>;
}

export function trainingSignals(x: TrainingInput): TrainingSignals {
  const { g, config } = x;
  const nA = g.agentNames.length;
  let rewards: Float64Array;
  let scale = 1;
  let creditFrom: "answer-lineage-shapley" | "dylan-importance" | undefined;
  const isMessage = (v: number) => isAgentUtterance(g, v) && !g.wrapper[v];
  if (x.analyzedAsFailure)
    rewards = failureRewards(
      g,
      {
        decisive: x.decisive,
        dist: x.dist,
        corrective: x.corrective,
        isMessage,
        policyStepOf: (v) => (isToolOutput(g, v) ? callerOf(g, v) : v),
        coOrigins: x.coOrigins,
      },
      config,
    );
  else {
    // Shapley credit from the answer's lineage; an answer with no traceable value falls back to DyLAN shares.
    const credit = new Float64Array(nA);
    if (x.lineageCredit && x.lineageCredit.values > 0) {
      creditFrom = "answer-lineage-shapley";
      credit.set(x.lineageCredit.credit);
    } else {
      const totalImp = x.importance.perAgent.reduce((s, v) => s + v, 0);
      if (totalImp > 0) for (let a = 0; a < nA; a++) credit[a] = x.importance.perAgent[a] / totalImp;
    }
    const sabotage = new Uint8Array(g.n);
    for (let v = 0; v < g.n; v++) sabotage[v] = x.fault[v] >= config.faultThreshold ? 1 : 0;
    const success = successRewards(g, { credit, contribution: x.importance.perStep, sabotage, isMessage }, config);
    rewards = success.rewards;
    scale = success.scale;
  }
  return {
    rewards,
    preferencePairs: x.analyzedAsFailure ? preferencePairs(g, x.corrective) : [],
    normalization: {
      kind: x.analyzedAsFailure ? "failure-sum-minus-one" : "success-credit",
      sum: round(rewards.reduce((s, v) => s + v, 0)),
      bound: x.analyzedAsFailure ? 1 + config.correctiveBonus : config.rewardBound,
      scale: round(scale),
      ...(x.analyzedAsFailure ? {} : { creditFrom: creditFrom ?? "dylan-importance" }),
    },
  };
}
