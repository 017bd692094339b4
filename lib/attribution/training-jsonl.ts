/**
 * JSONL export of the training signals: one line per rewarded step (prompt = what the step saw,
 * completion = what it said) and one line per preference pair. Ready for RL or DPO pipelines.
 */
import type { TTrace } from "../trace/schema";
import type { AnalysisReport } from "./types";

export function toTrainingJsonl(report: AnalysisReport, trace: TTrace): string {
  const byId = new Map(trace.steps.map((s) => [s.id, s]));
  const lines: string[] = [];
  for (const r of report.training.rewards) {
    const s = byId.get(r.stepId);
    if (!s) continue;
    lines.push(JSON.stringify({ type: "reward", runId: report.runId ?? null, stepId: s.id, sourceRef: s.sourceRef ?? s.id, agent: s.agent, prompt: s.input ?? null, completion: s.content, reward: r.reward, outcome: report.outcome, engineVersion: report.engineVersion }));
  }
  for (const p of report.training.preferencePairs) {
    const ctx = byId.get(p.contextStepId);
    lines.push(
      JSON.stringify({ type: "preference", runId: report.runId ?? null, kind: p.kind, context: ctx?.input ?? ctx?.content ?? null, chosen: byId.get(p.chosenStepId)?.content ?? null, rejected: byId.get(p.rejectedStepId)?.content ?? null, chosenStepId: p.chosenStepId, rejectedStepId: p.rejectedStepId, note: p.note }),
    );
  }
  return lines.length ? lines.join("\n") + "\n" : "";
}
