/**
 * Everything the compare page shows about two runs, as plain JSON: the step alignment with its
 * first divergence, both verdicts side by side, per-agent blame deltas and run totals.
 */
import type { AnalysisReport, InteractionClass } from "../attribution/types";
import type { TTrace } from "../trace/schema";
import { alignRuns, type RunAlignment } from "./align-runs";
import { stepTokens } from "../trace/step-tokens";
import { blameDeltas, type BlameDeltaRow } from "./blame-deltas";
import { equalBudget, type EqualBudget } from "./equal-budget";
import { trajectoryDeltas, type MetricDelta } from "./trajectory-deltas";

/** The parts of a trace a comparison reads (a full `TTrace` fits, and so does a run page's view data). */
export interface ComparableTrace {
  run: Pick<TTrace["run"], "outcome" | "sourceFormat">;
  agents: TTrace["agents"];
  steps: TTrace["steps"];
}

export interface CompareSide {
  id: string;
  trace: ComparableTrace;
  /** The run's newest finished analysis, or null. */
  report: AnalysisReport | null;
}

export interface VerdictSummary {
  outcome: TTrace["run"]["outcome"];
  analyzed: boolean;
  verdict: string | null;
  culprit: string | null;
  decisiveStepId: string | null;
  confidence: number | null;
  interaction: InteractionClass | null;
  steps: number;
  agents: number;
  tokens: number;
  sourceFormat: string;
}

export interface RunComparison {
  alignment: RunAlignment;
  agents: BlameDeltaRow[];
  verdicts: { a: VerdictSummary; b: VerdictSummary };
  /** The decisive agents differ (after matching names across the runs). */
  culpritChanged: boolean;
  interactionChanged: boolean;
  /** Trajectory metrics B − A (null when a report predates them). */
  metrics: MetricDelta[] | null;
  /** Both runs cut at the same spend (null when a run has no steps). */
  equalBudget: EqualBudget | null;
}

/** Compares two runs. Pure: same runs and reports, same comparison. */
export function compareRuns(a: CompareSide, b: CompareSide): RunComparison {
  const alignment = alignRuns(a.trace, b.trace);
  const agents = blameDeltas({
    agents: alignment.agents,
    stepsA: a.trace.steps,
    stepsB: b.trace.steps,
    reportA: a.report,
    reportB: b.report,
  });
  const verdicts = { a: summarize(a), b: summarize(b) };
  const keyOfA = new Map(alignment.agents.filter((m) => m.a).map((m) => [m.a!, m.key]));
  const keyOfB = new Map(alignment.agents.filter((m) => m.b).map((m) => [m.b!, m.key]));
  const culpritA = verdicts.a.culprit === null ? null : keyOfA.get(verdicts.a.culprit);
  const culpritB = verdicts.b.culprit === null ? null : keyOfB.get(verdicts.b.culprit);
  return {
    alignment,
    agents,
    verdicts,
    culpritChanged: verdicts.a.analyzed && verdicts.b.analyzed && culpritA !== culpritB,
    interactionChanged:
      verdicts.a.interaction !== null &&
      verdicts.b.interaction !== null &&
      verdicts.a.interaction !== verdicts.b.interaction,
    metrics: trajectoryDeltas(a.report?.trajectory, b.report?.trajectory),
    equalBudget: equalBudget({
      rows: alignment.rows,
      stepsA: a.trace.steps,
      stepsB: b.trace.steps,
      decisiveA: verdicts.a.decisiveStepId,
      decisiveB: verdicts.b.decisiveStepId,
    }),
  };
}

function summarize(side: CompareSide): VerdictSummary {
  const r = side.report;
  return {
    outcome: side.trace.run.outcome,
    analyzed: r !== null,
    verdict: r?.verdict ?? null,
    culprit: r?.decisive?.agent ?? null,
    decisiveStepId: r?.decisive?.stepId ?? null,
    confidence: r?.decisive?.confidence ?? null,
    interaction: r?.interaction.class ?? null,
    steps: side.trace.steps.length,
    agents: side.trace.agents.length,
    tokens: side.trace.steps.reduce((sum, s) => sum + stepTokens(s), 0),
    sourceFormat: side.trace.run.sourceFormat,
  };
}
