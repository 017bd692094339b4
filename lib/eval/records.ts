/**
 * Evaluation records: a trace with everything that holds the answer removed (labels, ground
 * truth) and the gold culprit kept beside it. Built from Who&When records or synthetic runs.
 */
import { importTrace } from "../importers/index";
import type { TOutcome, TTrace } from "../trace/schema";
import type { SyntheticLabel } from "../synthetic/types";

export interface EvalRecord {
  id: string;
  subset: string;
  /** The trace the engine sees: no labels, no ground truth. */
  trace: TTrace;
  outcome: TOutcome;
  /** The task's correct answer, given to the engine only in the "with ground truth" setting. */
  groundTruth?: string;
  gold: {
    /** The labelled culprit agent (the first origin on multi-origin synthetic runs). */
    agent?: string;
    /** Every agent counted as a correct answer (k-of-N voting: each wrong voter). */
    agents: string[];
    /** Step ids counted as a correct decisive step. */
    stepIds: string[];
  };
  /** Synthetic only: the last victim that carried the wrong value; the fault kind. */
  lastTouchAgent?: string;
  rubberStampAgent?: string;
  fault?: string;
}

/** Removes what the engine must not see and returns the stripped trace plus the ground truth. */
function strip(trace: TTrace): { trace: TTrace; groundTruth?: string } {
  const { groundTruth, ...run } = trace.run;
  return { trace: { ...trace, run, labels: [] }, groundTruth };
}

export function whoAndWhenRecord(text: string, fileName: string, subset: string): EvalRecord {
  const { trace } = importTrace(text, { format: "who-and-when", fileName });
  const label = trace.labels[0];
  const { trace: seen, groundTruth } = strip(trace);
  return {
    id: fileName,
    subset,
    trace: seen,
    outcome: trace.run.outcome,
    groundTruth,
    gold: { agent: label?.agent, agents: label?.agent ? [label.agent] : [], stepIds: label?.stepId ? [label.stepId] : [] },
  };
}

export function syntheticRecord(otlpText: string, label: SyntheticLabel, subset = "synthetic"): EvalRecord {
  const { trace } = importTrace(otlpText, { format: "otlp", fileName: label.file });
  const { trace: seen } = strip(trace);
  return {
    id: label.file,
    subset,
    trace: seen,
    outcome: trace.run.outcome,
    groundTruth: label.expectedAnswer,
    gold: { agent: label.culpritAgent, agents: label.culpritAgents, stepIds: label.decisiveStepIds },
    lastTouchAgent: label.lastTouchAgent,
    rubberStampAgent: label.rubberStampAgent,
    fault: label.fault,
  };
}
