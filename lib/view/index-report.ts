/**
 * Lookup tables over one analysis report, built once per report, so every builder and component
 * asks the same questions ("is this step the culprit's origin?") and gets the same answer.
 */
import type { AgentReport, AnalysisReport } from "../attribution/types";
import { summarizeReport } from "./summarize-run";
import type { ReportSummary, StepBrief, ViewEdge } from "./types";

/**
 * What a step means for the verdict. One meaning per colour across the app:
 * `origin` = the decisive step (culprit hue), `carried` = corruption passed through (pale culprit),
 * `repair` = a corrective attempt (green), `error` = failed but not on the path, `neutral` = bystander.
 */
export type StepMark = "origin" | "carried" | "repair" | "error" | "neutral";

export interface ReportIndex {
  report: ReportSummary | null;
  stepById: Map<string, StepBrief>;
  agentById: Map<string, AgentReport>;
  decisiveStepId: string | null;
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
  const decisiveStepId = report?.decisive?.stepId ?? null;
  const culprit = report?.decisive?.agent;
  const victims = new Set<string>();
  for (const s of report?.steps ?? []) if ((s.corrupted || s.onPath) && s.agent !== culprit) victims.add(s.agent);
  return { report, stepById, agentById, decisiveStepId, pathSteps, pathEdges, repairSteps, victims };
}

/** The mark of one step; `status` is the trace's own status, used when the engine says nothing. */
export function stepMark(index: ReportIndex, stepId: string, status: string | undefined): StepMark {
  if (stepId === index.decisiveStepId) return "origin";
  const s = index.stepById.get(stepId);
  if (index.repairSteps.has(stepId)) return "repair";
  if (s && (s.corrupted || s.onPath)) return "carried";
  if (status === "error") return "error";
  return "neutral";
}
