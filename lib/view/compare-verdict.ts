/**
 * One run's verdict as the compare page shows it: the run page's one sentence (headline.ts) and
 * the named agent with its step number, never the engine's verdict log line or a raw step id.
 */
import type { AnalysisReport } from "../attribution/types";
import { reportHeadline, type HeadlineKind } from "./headline";
import { labelOf, stepPositions } from "./step-number";

export interface CompareVerdict {
  kind: HeadlineKind;
  sentence: string;
  /** How the sentence names its agent: "Culprit", "Suspect" or "Top suspect"; null when none is named. */
  standing: "Culprit" | "Suspect" | "Top suspect" | null;
  agent: string | null;
  stepId: string | null;
  /** "step 4" (1-based position in the trace), or null when no step is named. */
  step: string | null;
  /** "High (86%)": said only when the sentence names a culprit. */
  confidence: string | null;
}

const STANDING: Record<HeadlineKind, CompareVerdict["standing"]> = {
  culprit: "Culprit",
  suspect: "Suspect",
  undetermined: "Top suspect",
  passed: null,
  unknown: null,
};

export function compareVerdict(report: AnalysisReport): CompareVerdict {
  const headline = reportHeadline(report);
  const positions = stepPositions(report.steps.map((s) => s.stepId));
  const standing = headline.agent ? STANDING[headline.kind] : null;
  const percent = report.decisive ? Math.round(report.decisive.confidence * 100) : null;
  return {
    kind: headline.kind,
    sentence: headline.sentence,
    standing,
    agent: standing ? headline.agent : null,
    stepId: standing ? headline.stepId : null,
    step: standing && headline.stepId ? labelOf(positions, headline.stepId) : null,
    confidence: headline.confidence && percent !== null ? `${headline.confidence} (${percent}%)` : null,
  };
}
