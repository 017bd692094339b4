/**
 * The verdict of a report in the few fields every write-back needs (Langfuse score and comment,
 * OTLP evaluation event, MCP answers). Reads the optional report fields of newer engines
 * (`suspects`, `fixes`) when present and works without them.
 */
import type { AnalysisReport } from "../attribution/types";

export interface ReportFix {
  agent: string;
  role: string;
  fixType: string;
  instruction: string;
  author: string;
  stepIds: string[];
  channel?: string;
}

/** A report of any engine version: the optional additions are read loosely. */
export type ReportLike = AnalysisReport & {
  fixes?: ReportFix[];
  suspects?: Array<{ agent: string; stepId: string; score: number; probability: number }>;
};

export interface VerdictSummary {
  outcome: string;
  /** The decisive agent, or null when the engine named none (success, or undetermined). */
  agent: string | null;
  /** "step N": 1-based position of the step in the trace's steps (the report lists them in that order). */
  stepNumber: number | null;
  /** The source's own id of the decisive step (the Langfuse observation id, the OTel span id). */
  sourceRef: string | null;
  confidence: number | null;
  verdict: string;
  /** One line a person reads: "culprit: Researcher at step 4 (confidence 82%)". */
  headline: string;
}

export function stepNumberOf(report: Pick<AnalysisReport, "steps">, stepId: string): number | null {
  const i = report.steps.findIndex((s) => s.stepId === stepId);
  return i >= 0 ? i + 1 : null;
}

export function summarizeVerdict(report: ReportLike): VerdictSummary {
  const d = report.decisionSource === "undetermined" ? null : report.decisive;
  const stepNumber = d ? stepNumberOf(report, d.stepId) : null;
  const confidence = d ? Math.round(d.confidence * 100) / 100 : null;
  let headline: string;
  if (d) {
    const at = stepNumber ? ` at step ${stepNumber}` : "";
    headline = `culprit: ${d.agent}${at} (confidence ${Math.round(d.confidence * 100)}%)`;
  } else if (report.outcome === "success") headline = "culprit: none — the run succeeded";
  else {
    const top = report.suspects?.[0];
    headline = top
      ? `culprit: undetermined (top suspect ${top.agent}, ${Math.round(top.probability * 100)}%)`
      : "culprit: undetermined";
  }
  const verdict = withStepNumbers(report, report.verdict);
  return {
    outcome: report.outcome,
    agent: d?.agent ?? null,
    stepNumber,
    sourceRef: d?.sourceRef ?? null,
    confidence,
    verdict,
    headline,
  };
}

/**
 * People read "step N" (N = position in the trace), never a source's span or observation id:
 * reports of older engines name steps by id in their texts, so those are rewritten here.
 */
export function withStepNumbers(report: Pick<AnalysisReport, "steps">, text: string): string {
  const numbers = new Map<string, number>();
  report.steps.forEach((s, i) => {
    numbers.set(s.stepId, i + 1);
    if (s.sourceRef) numbers.set(s.sourceRef, i + 1);
  });
  return text.replace(/\bstep ([\w.:#-]+)/g, (whole, id: string) =>
    !/^\d+$/.test(id) && numbers.has(id) ? `step ${numbers.get(id)}` : whole,
  );
}

/** The report's suggested fixes in plain lines, or the fixed sentence readers show when it has none. */
export function fixLines(report: ReportLike): string[] {
  if (!report.fixes || report.fixes.length === 0) return ["no fix suggested"];
  return report.fixes.map((f) => {
    const steps = f.stepIds.map((id) => stepNumberOf(report, id)).filter((n): n is number => n !== null);
    const where = steps.length ? ` (step ${steps.join(", step ")})` : "";
    return `${f.agent}${where}, ${f.role}: ${f.instruction}`;
  });
}
