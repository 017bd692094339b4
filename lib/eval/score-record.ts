/**
 * Runs the engine on one evaluation record in one setting and scores the verdict against the gold
 * label: agent and step hits, where the decision came from, whether the named culprit also has the
 * top blame, and (synthetic runs) whether a victim or a rubber-stamp reviewer was blamed instead.
 */
import { analyzeTrace, type AnalysisReport, type EngineConfig } from "../attribution/index";
import type { EvalRecord } from "./records";

export type Setting = "no-ground-truth" | "with-ground-truth";
export type DecisionSource = "evidence" | "prior" | "undetermined";

export interface RecordScore {
  id: string;
  predictedAgent?: string;
  predictedStepId?: string;
  agentHit: boolean;
  stepHit: boolean;
  source: DecisionSource;
  /** True when the report has no `decisionSource` field and the source was read from the evidence note. */
  sourceInferred: boolean;
  /** On runs analysed as failures with a decisive step: the decisive agent has the largest blame. */
  topBlameIsDecisive: boolean | null;
  lastTouchBlamed: boolean | null;
  rubberStampBlamed: boolean | null;
}

/** Reads the report's decision source; engines before `decisionSource` existed are inferred. */
export function decisionSourceOf(report: AnalysisReport): { source: DecisionSource; inferred: boolean } {
  const declared = (report as unknown as Record<string, unknown>).decisionSource;
  if (declared === "evidence" || declared === "prior" || declared === "undetermined")
    return { source: declared, inferred: false };
  if (typeof declared === "string")
    return {
      source: /prior/i.test(declared) ? "prior" : /undetermined|none/i.test(declared) ? "undetermined" : "evidence",
      inferred: false,
    };
  if (!report.decisive) return { source: "undetermined", inferred: true };
  return { source: /exposure prior|prior/i.test(report.decisive.evidence.note) ? "prior" : "evidence", inferred: true };
}

export function analyzeRecord(record: EvalRecord, setting: Setting, options: Partial<EngineConfig>): AnalysisReport {
  const trace =
    setting === "with-ground-truth" && record.groundTruth !== undefined
      ? { ...record.trace, run: { ...record.trace.run, groundTruth: record.groundTruth } }
      : record.trace;
  return analyzeTrace(trace, options);
}

export function scoreReport(record: EvalRecord, report: AnalysisReport): RecordScore {
  const d = report.decisive ?? undefined;
  const { source, inferred } = decisionSourceOf(report);
  let topBlameIsDecisive: boolean | null = null;
  if (report.analyzedAsFailure && d) {
    const max = Math.max(...report.agents.map((a) => a.blame));
    const mine = report.agents.find((a) => a.agent === d.agent)?.blame ?? 0;
    topBlameIsDecisive = report.agents.length > 0 && mine >= max - 1e-12 && mine > 0;
  }
  const isSynthetic = record.fault !== undefined && record.outcome === "failure";
  return {
    id: record.id,
    predictedAgent: d?.agent,
    predictedStepId: d?.stepId,
    agentHit: d !== undefined && record.gold.agents.includes(d.agent),
    stepHit: d !== undefined && record.gold.stepIds.includes(d.stepId),
    source,
    sourceInferred: inferred,
    topBlameIsDecisive,
    lastTouchBlamed: isSynthetic && record.lastTouchAgent ? d?.agent === record.lastTouchAgent : null,
    rubberStampBlamed: isSynthetic && record.rubberStampAgent ? d?.agent === record.rubberStampAgent : null,
  };
}
