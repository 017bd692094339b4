/**
 * Evaluation records from the alternative synthetic suite (`lib/synthetic/alt`): the imported
 * trace with the answer and any labels removed, the gold culprits and decisive steps beside it,
 * plus the wire each run came through and whether its rubber stamp restated a value.
 */
import type { AltRun } from "../synthetic/alt/index";
import type { EvalRecord } from "./records";

export interface AltEvalRecord extends EvalRecord {
  wire: string;
  /** On failing runs with a rubber stamp: whether the approval restated any value. */
  approvalRestates?: boolean;
}

export function altRecord(run: AltRun): AltEvalRecord {
  const { label, trace } = run;
  const { groundTruth: _answer, ...runInfo } = trace.run;
  return {
    id: label.file,
    subset: "alt-synthetic",
    trace: { ...trace, run: runInfo, labels: [] },
    outcome: label.outcome,
    groundTruth: label.expectedAnswer,
    gold: { agent: label.culpritAgents[0], agents: label.culpritAgents, stepIds: label.decisiveStepIds },
    lastTouchAgent: label.lastTouchAgent,
    rubberStampAgent: label.rubberStampAgent,
    fault: label.fault,
    topology: label.topology,
    wire: label.wire,
    approvalRestates: label.approvalRestates,
  };
}
