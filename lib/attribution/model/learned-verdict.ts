/**
 * The learned parts of a report, applied after the rule-based decision: who takes part, the
 * verdict's stated confidence from the fitted confidence model (see `confidence.ts`), the features
 * that carried it in plain words, and which weights were used. The decisive agent and step stay
 * the rule-based ones (a learned ranker of candidate steps is evaluated in `npm run eval`, and
 * replaces them only once its leave-one-source-out figures beat these on every source).
 */
import type { EngineGraph } from "../build-graph";
import type { AnalysisReport } from "../types";
import type { CandidateTable } from "./candidates";
import { BIAS, confidenceOf, decisiveRow, verdictFeatures } from "./confidence";
import { featureText } from "./vocabulary";
import { MODEL } from "./weights";
import { round6 as round } from "../round6";
import { markUndetermined } from "./undetermined";

const MAX_REASONS = 5;
const QUOTE = 160;

export function applyLearnedVerdict(report: AnalysisReport, g: EngineGraph, table: CandidateTable): void {
  report.participants = g.agentNames.map((agent, a) => ({ agent, kind: table.kinds[a] }));
  report.model = { version: MODEL.version, weightsSha: MODEL.sha };
  const d = report.decisive;
  if (!d) return;
  const row = decisiveRow(table);
  const features = verdictFeatures(table, row);
  const stated = `confidence ${Math.round(d.confidence * 100)}%`;
  d.confidence = round(confidenceOf(features, MODEL.confidence));
  // The verdict sentence was written with the rule-based confidence; it states the learned one.
  report.verdict = report.verdict.replace(stated, `confidence ${Math.round(d.confidence * 100)}%`);
  const step = row >= 0 ? g.steps[table.steps[row]] : undefined;
  const quote = step?.content.trim().slice(0, QUOTE);
  const carried = [...evidenceOf(table, row), ...confidenceReasons(features)];
  report.reasons = carried
    .sort((x, y) => y.weight - x.weight || (x.feature < y.feature ? -1 : 1))
    .slice(0, MAX_REASONS)
    .map((r) => ({
      feature: r.feature,
      text: featureText(r.feature),
      stepIds: [d.stepId],
      ...(quote ? { quote } : {}),
      weight: round(r.weight),
    }));
  const kinds = new Map(report.participants.map((p) => [p.agent, p.kind]));
  // Unknown outcomes are always undetermined. Low-confidence failures stay stated for now (threshold 0):
  // the fitted threshold (MODEL.undeterminedBelow) is measured, but the app cannot yet try a fix on them.
  markUndetermined(report, kinds, 0);
}

/** A finding at the step at or above this score is evidence that named it. */
const EVIDENCE_SCORE = 0.5;
const EVIDENCE_FEATURE = /^(?:det:|answer:|rule:(?!final$|co-origin$))/;

/** What named the decisive step: the rule that chose it and the findings at it (weight = score). */
function evidenceOf(table: CandidateTable, row: number): { feature: string; weight: number }[] {
  if (row < 0) return [];
  const k = table.names.length;
  const out: { feature: string; weight: number }[] = [];
  table.names.forEach((feature, c) => {
    const x = table.x[row * k + c];
    if (x >= EVIDENCE_SCORE && EVIDENCE_FEATURE.test(feature)) out.push({ feature, weight: x });
  });
  return out;
}

/** The step's features that raised the fitted confidence (weight = contribution to the logit; not the run's size). */
function confidenceReasons(features: Record<string, number>): { feature: string; weight: number }[] {
  return Object.keys(features)
    .filter((n) => n !== BIAS && !n.startsWith("run:"))
    .map((feature) => ({ feature, weight: (MODEL.confidence[feature] ?? 0) * features[feature] }))
    .filter((r) => r.weight > 0);
}
