/**
 * What the MCP tools answer, built from a report (and the step itself when known): plain JSON a
 * coding agent reads, steps named "step N", text bounded so one answer never floods its context.
 */
import {
  fixLines,
  stepNumberOf,
  summarizeVerdict,
  withStepNumbers,
  type ReportLike,
} from "../../verdict/verdict-summary";

/** Longest step text quoted in an answer. */
export const MAX_QUOTE = 4000;

export interface StepLike {
  agent: string;
  kind?: string;
  name?: string;
  content?: string;
  input?: string;
  tool?: { name?: string; args?: unknown; result?: unknown };
  status?: string;
  error?: unknown;
}

const clip = (t: string | undefined) =>
  t && t.length > MAX_QUOTE ? `${t.slice(0, MAX_QUOTE)}… (${t.length - MAX_QUOTE} more characters)` : t;

export function verdictView(runId: string, report: ReportLike) {
  const v = summarizeVerdict(report);
  const steps = (ids: string[]) => ids.map((id) => stepNumberOf(report, id)).filter((n): n is number => n !== null);
  const d = report.decisionSource === "undetermined" ? null : report.decisive;
  return {
    runId,
    outcome: v.outcome,
    headline: v.headline,
    verdict: v.verdict,
    decisive: d
      ? {
          agent: d.agent,
          step: v.stepNumber,
          confidence: v.confidence,
          evidence: withStepNumbers(report, d.evidence.note),
          evidenceSteps: steps(d.evidence.stepIds),
        }
      : null,
    propagationPath: report.propagationPath.map((id) => ({
      step: stepNumberOf(report, id),
      agent: report.steps.find((s) => s.stepId === id)?.agent,
    })),
    channelPath: report.channelPath.map((h) => ({ from: h.fromAgent, to: h.toAgent, kinds: h.edgeKinds })),
    agents: report.agents
      .slice(0, 10)
      .map((a) => ({ agent: a.agent, role: a.role, blame: Math.round(a.blame * 1000) / 1000 })),
    interaction: report.interaction.class,
    ...(report.suspects
      ? {
          suspects: report.suspects
            .slice(0, 5)
            .map((s) => ({ agent: s.agent, step: stepNumberOf(report, s.stepId), probability: s.probability })),
        }
      : {}),
    suggestedFix: fixLines(report),
    warnings: report.warnings.slice(0, 10),
  };
}

/** One step: what it said and what the engine found on it. `step` is 1-based. */
export function stepView(runId: string, report: ReportLike, step: number, detail: StepLike | undefined) {
  const r = report.steps[step - 1];
  if (!r) return { runId, error: `run ${runId} has steps 1 to ${report.steps.length}; there is no step ${step}` };
  return {
    runId,
    step,
    agent: r.agent,
    ...(detail
      ? {
          kind: detail.kind,
          name: detail.name,
          content: clip(detail.content),
          input: clip(detail.input),
          ...(detail.tool
            ? {
                tool: {
                  name: detail.tool.name,
                  args: clip(JSON.stringify(detail.tool.args)),
                  result: clip(JSON.stringify(detail.tool.result)),
                },
              }
            : {}),
          status: detail.status,
        }
      : {}),
    fault: Math.round(r.fault * 1000) / 1000,
    onPropagationPath: r.onPath,
    corruptedFromUpstream: r.corrupted,
    responsibility: r.responsibility,
    findings: r.detectors.map((f) => ({
      detector: f.name,
      score: Math.round(f.score * 1000) / 1000,
      note: withStepNumbers(report, f.evidence.note),
    })),
    counterfactual: {
      fixingThisStepFlipsTheOutcome: r.counterfactual.flips,
      note: withStepNumbers(report, r.counterfactual.note),
    },
    isDecisive: report.decisive?.stepId === r.stepId,
  };
}

export function fixView(runId: string, report: ReportLike) {
  const v = summarizeVerdict(report);
  return { runId, headline: v.headline, fixes: report.fixes ?? [], text: fixLines(report) };
}
