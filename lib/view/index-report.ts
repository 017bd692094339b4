/**
 * Lookup tables over one analysis report, built once per report, so every builder and component
 * asks the same questions ("is this step the culprit's origin?") and gets the same answer.
 */
import type { AgentReport, AnalysisReport } from "../attribution/types";
import { verdictIsSuspect } from "./agent-standing";
import { summarizeReport } from "./summarize-run";
import type { ReportSummary, StepBrief, ViewEdge } from "./types";

/**
 * What a step means for the verdict. One meaning per colour across the app:
 * `origin` = the decisive step (culprit hue), `suspect` = a ranked suspect of a verdict that names
 * no root cause (unknown outcome, prior only, undetermined: culprit hue, outlined), `carried` =
 * corruption passed through (pale culprit), `repair` = a corrective attempt (green), `error` =
 * failed but not on the path, `neutral` = bystander.
 */
export type StepMark = "origin" | "suspect" | "carried" | "repair" | "error" | "neutral";

export interface ReportIndex {
  report: ReportSummary | null;
  stepById: Map<string, StepBrief>;
  agentById: Map<string, AgentReport>;
  /** The decisive step of a verdict that names a root cause; null when it names suspects only. */
  decisiveStepId: string | null;
  /** Step id → rank (1 = most likely) of the verdict's suspects; empty when it names a root cause. */
  suspectRank: Map<string, number>;
  /** The step the verdict names first: the decisive step, else the top suspect (`d` goes there). */
  namedStepId: string | null;
  pathSteps: Set<string>;
  pathEdges: Set<string>;
  repairSteps: Set<string>;
  /** Agents whose steps carried corruption but did not originate it. */
  victims: Set<string>;
}

/**
 * Indexes a report (full, or the page's summary; or nothing, while no analysis has finished)
 * against the view's edges. O(steps + edges).
 */
export function indexReport(
  fullOrSummary: AnalysisReport | ReportSummary | null,
  edges: Pick<ViewEdge, "id" | "from" | "to">[],
): ReportIndex {
  const report = fullOrSummary ? summarizeReport(fullOrSummary) : null;
  const stepById = new Map((report?.steps ?? []).map((s) => [s.stepId, s]));
  const agentById = new Map((report?.agents ?? []).map((a) => [a.agent, a]));
  const pathSteps = new Set(report?.propagationPath ?? []);
  const pathEdges = new Set<string>(report?.channelPath.flatMap((hop) => hop.edgeIds) ?? []);
  // channelPath only lists hops that cross agents; also light up edges between consecutive path steps.
  const path = report?.propagationPath ?? [];
  const nextOnPath = new Map(path.slice(0, -1).map((id, i) => [id, path[i + 1]]));
  for (const e of edges) if (nextOnPath.get(e.from) === e.to) pathEdges.add(e.id);
  const repairSteps = new Set(report?.repairStepIds ?? []);
  const suspectRank = rankSuspects(report);
  const decisiveStepId = suspectRank.size ? null : (report?.decisive?.stepId ?? null);
  const namedStepId = decisiveStepId ?? [...suspectRank.keys()][0] ?? null;
  const culprit = report?.decisive?.agent;
  const victims = new Set<string>();
  for (const s of report?.steps ?? []) if ((s.corrupted || s.onPath) && s.agent !== culprit) victims.add(s.agent);
  return {
    report,
    stepById,
    agentById,
    decisiveStepId,
    suspectRank,
    namedStepId,
    pathSteps,
    pathEdges,
    repairSteps,
    victims,
  };
}

/**
 * The verdict's suspects in the order the header names them: the step it names first (the decisive
 * step of an unknown-outcome or prior-only verdict, else the top suspect), then the ranked rest.
 * Empty when the verdict names a root cause, or a run that passed.
 */
function rankSuspects(report: ReportSummary | null): Map<string, number> {
  const ranks = new Map<string, number>();
  if (!report || report.outcome === "success" || !verdictIsSuspect({ report })) return ranks;
  const ids = [report.decisive?.stepId, report.headline?.stepId, ...(report.suspects ?? []).map((s) => s.stepId)];
  for (const id of ids) if (id && !ranks.has(id)) ranks.set(id, ranks.size + 1);
  return ranks;
}

/** The mark of one step; `status` is the trace's own status, used when the engine says nothing. */
export function stepMark(index: ReportIndex, stepId: string, status: string | undefined): StepMark {
  if (stepId === index.decisiveStepId) return "origin";
  if (index.suspectRank.has(stepId)) return "suspect";
  const s = index.stepById.get(stepId);
  if (index.repairSteps.has(stepId)) return "repair";
  if (s && (s.corrupted || s.onPath)) return "carried";
  if (status === "error") return "error";
  return "neutral";
}
