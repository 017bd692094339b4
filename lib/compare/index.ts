/**
 * Public API of run comparison. Pure and deterministic: alignment, divergence, blame deltas and
 * equal-budget view over plain traces and analysis reports (patterns across many runs: lib/patterns).
 */
export { alignRuns, type AlignedRow, type RowStatus, type RunAlignment, type AlignableRun } from "./align-runs";
export { alignSequences, type AlignmentCosts, type AlignmentResult } from "./align-sequences";
export { matchAgents, type AgentMatch } from "./match-agents";
export { blameDeltas, agentTotals, type BlameDeltaRow } from "./blame-deltas";
export { stepTokens } from "../trace/step-tokens";
export {
  compareRuns,
  type CompareSide,
  type ComparableTrace,
  type RunComparison,
  type VerdictSummary,
} from "./compare-runs";
export { normalizeContent } from "./normalize-content";
