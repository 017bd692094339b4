/**
 * What each decision rule means for the decisive step's report: how much confidence its kind of
 * evidence carries, and the plain note that says why the step was chosen. One row per rule name,
 * so a new rule cannot be added without saying both.
 */
import type { EngineGraph } from "../build-graph";
import type { localizeFirstError } from "../first-error";
import type { RuleName } from "../model/vocabulary";

export interface RuleFacts {
  g: EngineGraph;
  first: ReturnType<typeof localizeFirstError>;
  /** Repairing the decisive step alone flips the outcome. */
  flips: boolean;
  /** The approval that checked nothing, for approved-origin (−1 otherwise). */
  approvedAt: number;
  /** For answer-origin: the step that computed the wrong answer from this step's numbers (−1 otherwise). */
  computedAt: number;
}

interface RuleRow {
  /** Provenance and a lone flipping repair are direct evidence; a joint repair is shared; a prior is weak. */
  factor: (f: RuleFacts) => number;
  note: (f: RuleFacts) => string;
  /** The step is a fault by the run's outcome (a concluded wrong answer's origin), whatever the detectors saw. */
  faultByOutcome?: true;
}

/** "step N": the step's position in the run, as every view numbers it. */
const stepLabel = (g: EngineGraph, v: number) => `step ${g.traceIndex[v] + 1}`;

export const RULE_TABLE: Record<RuleName | "none", RuleRow> = {
  "earliest-but-for": { factor: () => 1, note: (f) => (f.flips ? "repairing it alone flips the outcome" : "") },
  "value-provenance": {
    factor: () => 1,
    note: () => "earliest origin of a wrong or unsupported value that reaches the final answer (value provenance)",
  },
  "answer-origin": {
    factor: () => 0.75,
    faultByOutcome: true,
    note: ({ g, computedAt }) =>
      computedAt >= 0
        ? `the team concluded with a wrong answer, computed correctly at ${stepLabel(g, computedAt)} ` +
          `(${g.steps[computedAt].agent}) from numbers this step put forward with no source; ` +
          "the computation was faithful, so the error entered with them"
        : "the team concluded with a wrong answer, and this step first put it forward as its own claim; " +
          "later steps accepted or relayed it",
  },
  "approved-origin": {
    factor: () => 0.75,
    faultByOutcome: true,
    note: ({ g, approvedAt }) =>
      `the failure turns on an approval that checked nothing (${
        approvedAt >= 0 ? `${g.steps[approvedAt].agent} at ${stepLabel(g, approvedAt)}` : "a later step"
      }); this step put forward what was approved, so the error entered here and the approver missed it`,
  },
  "earliest-of-minimal-fix-set": {
    factor: ({ first }) => 1 / Math.sqrt(Math.max(1, first.minimalFixSet.length)),
    note: ({ first }) => `earliest of ${first.minimalFixSet.length} faults that must all be repaired`,
  },
  "exposure-tiebreak": {
    factor: () => 0.5,
    note: () =>
      "several agents' faults must be repaired together; the exposure prior chose among these evidenced " +
      "candidates (the agent with the most substantive work, its earliest faulty step)",
  },
  "exposure-prior": {
    factor: () => 0.3,
    note: () =>
      "no evidence explains the failure: weak suspect by the exposure prior (the agent with the most " +
      "substantive work), low confidence",
  },
  "request-carried-out": {
    factor: () => 0.3,
    note: () =>
      "no evidence against the agent, whose last change carried out what the simulated user asked here: " +
      "weak suspect (the user holds requirements the agent cannot see), low confidence",
  },
  "largest-blame-flow": {
    factor: () => 0.3,
    note: () => "no evidence explains the failure: weak suspect by backward blame flow, low confidence",
  },
  none: { factor: () => 0.3, note: () => "no fault evidence" },
};

/** The dead end's note, naming the later step that shows it by its number. */
export function deadEndNote(g: EngineGraph, deadEnd: { repeat: number; noEffect: boolean; resource: string } | null) {
  if (!deadEnd) return "";
  const at = stepLabel(g, deadEnd.repeat);
  return deadEnd.noEffect
    ? `step of this agent chosen as an ineffective action: ${at} shows ${deadEnd.resource} almost unchanged`
    : `step of this agent chosen as the entry to a dead end: ${at} is still at ${deadEnd.resource}`;
}

/** The loop's note, naming the repeat the decision started from by its number. */
export function loopNote(g: EngineGraph, loop: { step: number; repeat: number } | null) {
  if (!loop) return "";
  const at = stepLabel(g, loop.repeat);
  return `step of this agent chosen as the entry to a loop: ${at} repeats what it first said here`;
}
