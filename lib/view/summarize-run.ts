/**
 * Full trace step / analysis report → the summaries the run page ships to the browser
 * (`StepSummary`, `ReportSummary`). Shipping summaries instead of the whole trace and report keeps
 * a 10k-step page at a fraction of the payload; the inspector fetches full steps on selection.
 */
import type { AnalysisReport } from "../attribution/types";
import { reportHeadline } from "./headline";
import type { ReportSummary, StepSummary, ViewStep } from "./types";

/** Characters of content a step node shows (two lines of a 168 px node). */
export const PREVIEW_CHARS = 72;
/** Error messages are shown in full in the inspector; the summary keeps the start. */
const ERROR_CHARS = 300;

/** Whitespace-collapsed start of a text, ellipsised past `max` characters. */
export function previewText(text: string, max = PREVIEW_CHARS): string {
  const flat = text
    .slice(0, max * 4)
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The summary of one step: ids, kind, status, labels and a short preview. */
export function summarizeStep(
  step: Pick<
    ViewStep,
    "id" | "agent" | "kind" | "status" | "name" | "content" | "tool" | "state" | "target" | "error" | "tokens"
  >,
): StepSummary {
  const out: StepSummary = {
    id: step.id,
    agent: step.agent,
    kind: step.kind,
    status: step.status,
    preview: previewText(step.content || step.error?.message || step.tool?.result || ""),
  };
  if (step.name) out.name = step.name;
  if (step.tool) out.tool = { name: step.tool.name };
  if (step.state) out.state = { op: step.state.op, key: step.state.key };
  if (step.target) out.target = step.target;
  if (step.error)
    out.error = {
      ...(step.error.type ? { type: step.error.type } : {}),
      message:
        step.error.message.length > ERROR_CHARS ? `${step.error.message.slice(0, ERROR_CHARS)}…` : step.error.message,
    };
  const total = step.tokens?.total ?? (step.tokens ? (step.tokens.input ?? 0) + (step.tokens.output ?? 0) : undefined);
  if (total !== undefined) out.tokens = { total };
  return out;
}

/** True for a full report (as stored), false for a summary. */
export function isFullReport(report: AnalysisReport | ReportSummary): report is AnalysisReport {
  return !("repairStepIds" in report);
}

/** The parts of a report the page renders up front; per-step findings shrink to counts. */
export function summarizeReport(report: AnalysisReport | ReportSummary): ReportSummary {
  if (!isFullReport(report)) return report;
  return {
    headline: reportHeadline(report),
    outcome: report.outcome,
    ...(report.decisionSource ? { decisionSource: report.decisionSource } : {}),
    decisive: report.decisive,
    ...(report.suspects?.length
      ? {
          suspects: report.suspects
            .slice(0, 5)
            .map((x) => ({ agent: x.agent, stepId: x.stepId, probability: x.probability })),
        }
      : {}),
    agents: report.agents,
    propagationPath: report.propagationPath,
    channelPath: report.channelPath,
    interaction: report.interaction,
    verdict: report.verdict,
    config: { faultThreshold: report.config.faultThreshold },
    flags: {
      tokenBudgetConfound: report.flags.tokenBudgetConfound,
      falseSuccessClaimCount: report.flags.falseSuccessClaims.length,
      ...(report.flags.verificationCollapsed !== undefined
        ? { verificationCollapsed: report.flags.verificationCollapsed }
        : {}),
      ...(report.flags.tokenShareConfounds ? { tokenShareConfounds: report.flags.tokenShareConfounds } : {}),
    },
    repairStepIds: report.training.preferencePairs
      .filter((p) => p.kind === "corrective-over-passive")
      .map((p) => p.chosenStepId),
    steps: report.steps.map((s) => ({
      stepId: s.stepId,
      agent: s.agent,
      fault: s.fault,
      corrupted: s.corrupted,
      onPath: s.onPath,
      detectorCount: s.detectors.length,
    })),
    ...(report.trajectory ? { trajectory: report.trajectory } : {}),
  };
}
