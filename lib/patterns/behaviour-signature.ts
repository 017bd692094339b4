/**
 * Deterministic behaviour signatures for spectrum analysis (FAMAS's LLM abstraction, replaced as
 * as FAMAS suggests): what an agent did in a step, without the run-specific wording — the kind of
 * act, the tool or state key it touched, whether it errored, and which engine detectors fired on it.
 */
import type { TStep, TTrace } from "../trace/schema";

/** A detector counts as part of the behaviour from this score on (the engine's default fault threshold is lower; this keeps weak hints out). */
export const DETECTOR_MIN_SCORE = 0.5;

export interface Behaviour {
  agent: string;
  /** "tool_call search ✕ [ungrounded-value]" */
  signature: string;
}

/** The behaviour signature of one step (agent kept apart, so runs can be grouped per agent). */
export function behaviourSignature(
  step: Pick<TStep, "kind" | "tool" | "state" | "target" | "status">,
  detectors: string[] = [],
): string {
  const parts: string[] = [step.kind];
  if (step.tool) parts.push(step.tool.name);
  if (step.state) parts.push(`${step.state.op} ${step.state.key}`);
  if (step.target) parts.push(`→ ${step.target}`);
  if (step.status === "error") parts.push("✕");
  if (detectors.length) parts.push(`[${[...new Set(detectors)].sort().join(", ")}]`);
  return parts.join(" ");
}

/** What `detectorHits` reads of an analysis report (a stored report's steps fit it). */
export interface DetectorFindings {
  steps: { stepId: string; detectors: { name: string; score: number }[] }[];
}

/** The detectors that count on one step (see DETECTOR_MIN_SCORE), in the report's order. */
export interface StepDetectorHits {
  stepId: string;
  detectors: string[];
}

/**
 * The steps a report's detectors fired on, in report order, steps without a counting detector left
 * out: all a behaviour signature needs of a report (stored beside it, so spectra never read reports).
 */
export function detectorHits(report: DetectorFindings): StepDetectorHits[] {
  const hits: StepDetectorHits[] = [];
  for (const s of report.steps) {
    const names = s.detectors.filter((d) => d.score >= DETECTOR_MIN_SCORE).map((d) => d.name);
    if (names.length) hits.push({ stepId: s.stepId, detectors: names });
  }
  return hits;
}

/** The behaviours of a run, one per step, with the detectors its newest analysis fired on each step. */
export function runBehaviours(trace: Pick<TTrace, "steps">, hits: StepDetectorHits[] | null): Behaviour[] {
  const fired = new Map((hits ?? []).map((h) => [h.stepId, h.detectors]));
  return trace.steps.map((step) => ({ agent: step.agent, signature: behaviourSignature(step, fired.get(step.id)) }));
}
