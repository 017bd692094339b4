/**
 * Public types of the attribution engine. Everything here is plain JSON data: the report is stored
 * in the database as-is, served by the API and printed by the CLI.
 */
import type { ParticipantKind } from "./model/participants";
import type { ClaimFindingName } from "./model/vocabulary";
import type { AblatableRule } from "./ablation";
import type { TEdgeKind, TOutcome } from "../trace/schema";
import type { TrajectoryReport } from "./trajectory/types";

/** MAST failure modes (Cemri et al., arXiv 2503.13657) that a detector can match. */
export type MastMode =
  | "FM-1.1 disobey task specification"
  | "FM-1.3 step repetition"
  | "FM-1.5 unaware of termination conditions"
  | "FM-2.3 task derailment"
  | "FM-2.6 reasoning-action mismatch"
  | "FM-3.1 premature termination"
  | "FM-3.2 no or incomplete verification"
  | "FM-3.3 incorrect verification";

/** Pointers that justify a number: the steps and edges it was computed from, and why. */
export interface Evidence {
  stepIds: string[];
  edgeIds?: string[];
  note: string;
}

/** Tunable knobs. Every field has a default (see `DEFAULT_CONFIG`); the report echoes the config used. */
export interface EngineConfig {
  /** Local fault score at or above which a step counts as faulty in the Boolean model. */
  faultThreshold: number;
  /** Content overlap (Jaccard) at or above which a message edge transmits corruption. Default 0: a stated edge means the content was in the prompt; overlap only weights it. */
  transmitThreshold: number;
  /** Prior weight per edge kind for the probabilistic model and the backward flows. */
  edgePriors: Record<TEdgeKind, number>;
  /** Exact Shapley enumeration up to this many players; seeded permutation sampling beyond. */
  shapleyExactMaxPlayers: number;
  /** Target half-width ε of each sampled Shapley value, with failure probability δ (Hoeffding). */
  shapleyErrorTarget: number;
  shapleyDelta: number;
  /** Upper bound on sampled permutations, whatever the error target asks. */
  shapleyMaxPermutations: number;
  /** Seed of every pseudo-random choice; same seed, same report. */
  seed: number;
  /** At most this many candidate steps get a full but-for re-evaluation. */
  maxCounterfactuals: number;
  /** Failure rewards: discount per hop along contaminated descendants, bonus for corrective attempts. */
  rewardDiscount: number;
  correctiveBonus: number;
  /** Success rewards: bound |r| ≤ B, redundancy and sabotage penalty weights. */
  rewardBound: number;
  redundancyPenalty: number;
  sabotagePenalty: number;
  /** Agents whose importance is below this fraction of the uniform share 1/n are flagged. */
  lowImportanceFraction: number;
  /**
   * Evidence computed outside the engine (an LLM judge, a user's plug-in), fused with the detectors
   * as one more detector per item. Optional; absent means detectors only.
   */
  extraEvidence?: ExtraEvidence[];
  /**
   * Rules to leave out of this analysis, for measuring each one's contribution (see `ablation.ts`;
   * `npm run eval -- --rule-ablation`). Absent or empty: the engine as shipped, reports unchanged.
   */
  ablate?: readonly AblatableRule[];
}

/** One externally computed fault finding on a step (see `EngineConfig.extraEvidence`). */
export interface ExtraEvidence {
  stepId: string;
  /** Shown as the detector name, e.g. "llm-judge". */
  name: string;
  /** Fault probability in [0,1]. */
  score: number;
  /** Confidence weight in [0,1] applied to `score` before the noisy-OR (default 1). */
  weight?: number;
  note: string;
  mast?: MastMode;
}

export type AgentRole = "culprit" | "propagator" | "bystander" | "repairer" | "missed-check" | "suspect";
/** `unexplained` (engine ≥ 0.5): no evidence explains the failure; `emergent` is kept for failures that need several agents' individually harmless steps. */
export type InteractionClass = "unchanged" | "amplified" | "composed" | "emergent" | "overdetermined" | "unexplained";

export interface DetectorFinding {
  name: string;
  score: number;
  mast?: MastMode;
  evidence: Evidence;
}

export interface StepReport {
  stepId: string;
  sourceRef: string;
  agent: string;
  /** Local fault evidence in [0,1]: noisy-OR of the detector scores. */
  fault: number;
  detectors: DetectorFinding[];
  /** Reached by corruption from an upstream faulty step under the Boolean model. */
  corrupted: boolean;
  /** On the propagation path from the decisive step to the failure. */
  onPath: boolean;
  /** Halpern–Pearl degree of responsibility 1/(k+1) for faulty steps, 0 otherwise. */
  responsibility: number;
  /** Per-message training reward (see `training`). */
  reward: number;
  counterfactual: { flips: boolean; note: string };
}

export interface AgentReport {
  agent: string;
  /**
   * Decision share of the blame in [0,1] (sums to 1 across agents when the failure is explained):
   * the repair game's Shapley values, normalized, except where the decision overrides them (1/k per
   * origin agent of a provenance decision; aligned so the decisive agent holds the largest share).
   * Not the Shapley value itself where the two differ (docs/methods.md, "Agent blame").
   */
  blame: number;
  blameCi?: [number, number];
  role: AgentRole;
  tokens: number;
  blamePer1kTokens: number | null;
  importance: number;
  lowImportance: boolean;
  /** Steps of this agent whose repair alone flips the outcome. */
  counterfactualFlips: number;
  /** Largest responsibility among the agent's steps. */
  responsibility: number;
  evidence: Evidence;
}

export interface DecisiveError {
  stepId: string;
  agent: string;
  sourceRef: string;
  confidence: number;
  criteria: { fault: number; primacy: boolean; nonCorrection: boolean };
  evidence: Evidence;
}

export interface ChannelHop {
  fromAgent: string;
  toAgent: string;
  edgeKinds: TEdgeKind[];
  edgeIds: string[];
}

export interface FalseSuccessClaim {
  stepId: string;
  agent: string;
  score: number;
  evidence: Evidence;
}

/**
 * Token confound (docs/methods.md, "Flags"), computed on every run: an agent whose share of the run's tokens is far
 * above its share of blame (failure) or importance (success) may look central only because it
 * spends the most, the seed's "tokens explain most of the variance" warning.
 */
export interface TokenShareConfound {
  agent: string;
  tokenShare: number;
  /** Blame share on failures, importance share on successes. */
  attributionShare: number;
  /** tokenShare / attributionShare: how many times more tokens than attribution (null when it has none). */
  ratio: number | null;
  evidence: Evidence;
}

export interface TokenBudgetConfound {
  budgetLimited: boolean;
  /** Fraction of blame moved to the budget bucket. */
  budgetShare: number;
  totalTokens: number;
  evidence: Evidence;
}

export interface ShapleyReport {
  method: "exact" | "sampled";
  /** Sampled permutations (antithetic pairs count twice); 0 for exact. */
  samples: number;
  errorTarget: number;
  /** Raw Shapley values of the repair game v(S) = 1[fixing the faults of S makes the run succeed]. */
  values: Record<string, number>;
  ci: Record<string, [number, number]>;
  /** Shapley value of the graph-restricted game (Myerson value). */
  myerson: Record<string, number>;
  leaveOneOut: Record<string, number>;
  /** v(N) − v(∅): the total that `values` sums to. */
  total: number;
  players: string[];
  note: string;
}

/** One flagged claim: what was stated, where, and the source it lacks or contradicts. */
export interface ClaimFindingReport {
  stepId: string;
  agent: string;
  detector: ClaimFindingName;
  score: number;
  value: string;
  quote: string;
  /** The step whose value the claim contradicts, when there is one. */
  sourceStepId?: string;
  reachesAnswer: boolean;
  note: string;
}

export interface TrainingReward {
  stepId: string;
  reward: number;
}

export interface PreferencePair {
  /** The context is the conversation before this step (its recorded `input`, else the transcript before it), never its text. */
  contextStepId: string;
  chosenStepId: string;
  rejectedStepId: string;
  /** "clean-over-decisive" is no longer emitted (its chosen text answered another context); kept for old reports. */
  kind: "corrective-over-passive" | "clean-over-decisive" | "alternative-over-original";
  /** For "alternative-over-original": the supplied alternative output o′ (chosen), for the rejected step's context. */
  chosenText?: string;
  note: string;
}

export interface AnalysisReport {
  /** `culprit.report/v1` (see report-schema.ts); absent in reports stored before engine 0.5. */
  schemaVersion?: "culprit.report/v1";
  engineVersion: string;
  config: EngineConfig;
  runId?: string;
  outcome: TOutcome;
  /** Whether the engine treated the run as failed (outcome failure, or unknown with fault evidence). */
  analyzedAsFailure: boolean;
  decisive: DecisiveError | null;
  agents: AgentReport[];
  steps: StepReport[];
  propagationPath: string[];
  channelPath: ChannelHop[];
  interaction: { class: InteractionClass; rule: string };
  /** Where the verdict comes from (engine ≥ 0.5): evidence, a prior (weak suspect), or nothing. */
  decisionSource?: "evidence" | "prior" | "undetermined";
  /** The decision rule and the independent origins it named (engine ≥ 0.5). */
  decision?: {
    rule: string;
    originStepIds: string[];
    wrongValues: string[];
    /** For a computed wrong answer traced to an operand its origin supplied: the step that computed it. */
    computedAtStepId?: string;
  };
  /** Claim-level findings over value provenance, with the quoted claim (engine ≥ 0.5). At most 200. */
  claims?: ClaimFindingReport[];
  flags: {
    falseSuccessClaims: FalseSuccessClaim[];
    verificationCollapseRate: number;
    tokenBudgetConfound: TokenBudgetConfound | null;
    /** Agents whose token share is far above their blame (failure) or importance (success) share; empty when none. */
    tokenShareConfounds?: TokenShareConfound[];
    /** Set when the verification-collapse rate is high: approvals in this run are weak evidence of correctness. */
    verificationCollapsed?: boolean;
  };
  shapley: ShapleyReport;
  importance: {
    perAgent: Record<string, number>;
    systemBucket: number;
    evidence: Evidence;
    /** "dylan": DyLAN's Agent Importance Score (per-round conserving backward pass from the result's supporters). */
    method?: "dylan";
    /** Agents DyLAN's team optimization would drop (importance far below the uniform share). */
    dropSuggestions?: string[];
    /** Whether self-reported peer ratings (`attributes.ratings`) weighted the flow; they can be corrupted. */
    ratingsUsed?: boolean;
  };
  verdict: string;
  training: {
    rewards: TrainingReward[];
    preferencePairs: PreferencePair[];
    /** How rewards are normalized: failure Σ = −1 over agent messages; success: credit × `scale` per agent, |r| ≤ B. */
    normalization?: {
      kind: "failure-sum-minus-one" | "success-credit";
      sum: number;
      bound: number;
      scale: number;
      /** A success's credit: Shapley values of the answer's lineage game, else DyLAN importance shares (engine ≥ 0.10). */
      creditFrom?: "answer-lineage-shapley" | "dylan-importance";
    };
  };
  /** Cost, tools, verification, redundancy, delegation and memory metrics (absent in reports before 0.5). */
  trajectory?: TrajectoryReport;
  warnings: string[];
  /** Who takes part, classified by behaviour, not name (engine ≥ 0.8). */
  participants?: { agent: string; kind: ParticipantKind }[];
  /** The features that carried the verdict's confidence, in plain words (engine ≥ 0.8). */
  reasons?: { feature: string; text: string; stepIds: string[]; quote?: string; weight: number }[];
  /** Ranked suspects when the verdict is undetermined (engine ≥ 0.8). */
  suspects?: { agent: string; stepId: string; score: number; probability: number }[];
  /** The fitted weights the report was computed with (engine ≥ 0.8). */
  model?: { version: string; weightsSha: string };
  /** A fix per culprit (engine ≥ 0.8): fix type and corrective instruction for the decisive agent and co-culprits. */
  fixes?: FixSuggestion[];
}

/** A corrective instruction for one culprit (lib/attribution/fixes, docs/fixes.md). */
export interface FixSuggestion {
  agent: string;
  /** "suspect": an undetermined verdict names no culprit; its ranked suspects get fixes to try. */
  role: "decisive" | "co-culprit" | "suspect";
  /** One of FIX_TYPES (lib/attribution/fixes/fix-types.ts). */
  fixType: string;
  /** One or two sentences addressed to the agent, to append to its system prompt. */
  instruction: string;
  /** Who wrote the instruction: the offline template, or the optional judge rewriting it. */
  author: "template" | "judge";
  stepIds: string[];
  /** The channel the agent's output left by (message, state, aggregation, delegation). */
  channel?: string;
  /** The detector or claim finding that decided the fix type (absent when none did). */
  finding?: string;
}
