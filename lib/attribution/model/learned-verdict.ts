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
import { BIAS, CHANCE, confidenceOf, decisiveRow, evidenceTerm, verdictFeatures } from "./confidence";
import { logit } from "./rank";
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
  const features = verdictFeatures(table, row, table.agentNames.indexOf(d.agent));
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
      // A computed answer's origin supplied its numbers rather than the answer itself (decision.computedAtStepId).
      text: featureText(
        r.feature === "rule:answer-origin" && report.decision?.computedAtStepId
          ? "rule:answer-origin:computed"
          : r.feature,
      ),
      stepIds: [d.stepId],
      ...(quote ? { quote } : {}),
      weight: round(r.weight),
    }));
  const kinds = new Map(report.participants.map((p) => [p.agent, p.kind]));
  // Unknown outcomes are always undetermined; so is a failure whose fitted confidence is below the
  // threshold chosen out of source (weights.json `undeterminedBelow`): suspects, not a root cause.
  markUndetermined(report, kinds, MODEL.undeterminedBelow);
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

/**
 * The reasons name the chance floor from this value on, as "few agents" in words: as high as a
 * guess among three agents acting equally (the floor itself is used at every value).
 */
const FEW_AGENTS_FLOOR = 1 / 3;

/**
 * The step's features that raised the fitted confidence (weight = contribution to the logit; not
 * the run's size), and the chance floor when few agents share the run (weight = how far it lifted
 * the logit above the evidence term alone).
 */
function confidenceReasons(features: Record<string, number>): { feature: string; weight: number }[] {
  const out = Object.keys(features)
    .filter((n) => n !== BIAS && n !== CHANCE && !n.startsWith("run:") && !n.startsWith("flag:"))
    .map((feature) => ({ feature, weight: (MODEL.confidence[feature] ?? 0) * features[feature] }))
    .filter((r) => r.weight > 0);
  const c = features[CHANCE] ?? 0;
  if (c >= FEW_AGENTS_FLOOR - 1e-9) {
    const q = evidenceTerm(features, MODEL.confidence);
    const lift = logit(c + (1 - c) * q) - logit(q);
    if (lift > 0) out.push({ feature: "run:chance", weight: lift });
  }
  return out;
}
