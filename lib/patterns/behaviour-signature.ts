/**
 * Deterministic behaviour signatures for spectrum analysis (FAMAS's LLM abstraction, replaced as
 * as FAMAS suggests): what an agent did in a step, without the run-specific wording — the kind of
 * act, the tool or state key it touched, whether it errored, and which engine detectors fired on it.
 */
import type { TStep, TTrace } from "../trace/schema";

/** A detector counts as part of the behaviour from this score on (the engine's default fault threshold is lower; this keeps weak hints out). */
const DETECTOR_MIN_SCORE = 0.5;

export interface Behaviour {
  agent: string;
  /** "tool_call search ✕ [ungrounded-value]" */
  signature: string;
}

/** The behaviour signature of one step (agent kept apart, so runs can be grouped per agent). */
export function behaviourSignature(step: Pick<TStep, "kind" | "tool" | "state" | "target" | "status">, detectors: string[] = []): string {
  const parts: string[] = [step.kind];
  if (step.tool) parts.push(step.tool.name);
  if (step.state) parts.push(`${step.state.op} ${step.state.key}`);
  if (step.target) parts.push(`→ ${step.target}`);
  if (step.status === "error") parts.push("✕");
  if (detectors.length) parts.push(`[${[...new Set(detectors)].sort().join(", ")}]`);
  return parts.join(" ");
}

/** What `runBehaviours` reads of an analysis report (a stored report's steps fit it). */
export interface DetectorHits {
  steps: { stepId: string; detectors: { name: string; score: number }[] }[];
}

/** The behaviours of a run, one per step, with the detectors its newest analysis found on each step. */
export function runBehaviours(trace: Pick<TTrace, "steps">, report: DetectorHits | null): Behaviour[] {
  const fired = new Map<string, string[]>();
  for (const s of report?.steps ?? []) {
    const names = s.detectors.filter((d) => d.score >= DETECTOR_MIN_SCORE).map((d) => d.name);
    if (names.length) fired.set(s.stepId, names);
  }
  return trace.steps.map((step) => ({ agent: step.agent, signature: behaviourSignature(step, fired.get(step.id)) }));
}
