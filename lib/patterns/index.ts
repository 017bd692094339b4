/**
 * Public API of cross-run pattern analysis (the /patterns page): failure signatures clustered over
 * many reports, spectrum suspiciousness of agents and behaviours (FAMAS) over passing and failing
 * runs of one system, outcome against token budget, and agents across runs. Pure and deterministic,
 * like the engine it reads the reports of; run-to-run comparison of two runs is lib/compare.
 */
export {
  clusterFailureSignatures,
  failureSignature,
  type FailureCluster,
  type FailureSignature,
} from "./failure-signatures";
export {
  behaviourSignature,
  detectorHits,
  runBehaviours,
  type Behaviour,
  type DetectorFindings,
  type StepDetectorHits,
} from "./behaviour-signature";
export {
  spectrumSuspiciousness,
  kulczynski2,
  ochiai,
  localFrequencyBoost,
  type SpectrumRun,
  type SpectrumResult,
  type BehaviourScore,
  type AgentScore,
} from "./spectrum-suspiciousness";
export {
  fitBudget,
  agentsAcrossRuns,
  confoundStatement,
  MIN_FIT_RUNS,
  type BudgetRun,
  type BudgetFit,
  type AgentAcrossRuns,
  type AgentRunStats,
} from "./budget-fit";
export {
  correctionPatterns,
  patternId,
  type CorrectionPattern,
  type CorrectionPatterns,
  type CorrectionRun,
} from "./correction-patterns";
