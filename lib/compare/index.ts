/**
 * Public API of run comparison. Pure and deterministic: alignment, divergence, blame deltas and
 * spectrum suspiciousness over plain traces and analysis reports.
 */
export { alignRuns, type AlignedRow, type RowStatus, type RunAlignment, type AlignableRun } from "./align-runs";
export { alignSequences, type AlignmentCosts, type AlignmentResult } from "./align-sequences";
export { matchAgents, type AgentMatch } from "./match-agents";
export { blameDeltas, agentTotals, type BlameDeltaRow } from "./blame-deltas";
export { stepTokens } from "../trace/step-tokens";
export { compareRuns, type CompareSide, type ComparableTrace, type RunComparison, type VerdictSummary } from "./compare-runs";
export { behaviourSignature, runBehaviours, type Behaviour, type DetectorHits } from "./behaviour-signature";
export { spectrumSuspiciousness, kulczynski2, ochiai, localFrequencyBoost, type SpectrumRun, type SpectrumResult, type BehaviourScore, type AgentScore } from "./spectrum-suspiciousness";
export { normalizeContent } from "./normalize-content";
