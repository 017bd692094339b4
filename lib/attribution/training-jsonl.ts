/**
 * JSONL export of the training signals: one line per rewarded step (prompt = what the step saw,
 * completion = what it said) and one line per preference pair (context = the conversation before
 * the rejected step, chosen ≻ rejected). Ready for RL or DPO pipelines.
 */
import type { TTrace } from "../trace/schema";
import type { AnalysisReport } from "./types";

/** A context longer than this keeps its most recent part (what the step saw last matters most). */
const CONTEXT_MAX_CHARS = 20_000;

/**
 * What the step saw before it answered: its recorded prompt (`input`) when the source kept one,
 * else the transcript of the steps before it ("agent: text" per line, most recent kept). Never the
 * step's own text: a DPO context that contains the rejected answer teaches nothing.
 */
export function contextBefore(trace: TTrace, stepId: string): string | null {
  const at = trace.steps.findIndex((s) => s.id === stepId);
  if (at < 0) return null;
  const own = trace.steps[at].input;
  if (own !== undefined) return own;
  const lines: string[] = [];
  let size = 0;
  for (let i = at - 1; i >= 0 && size < CONTEXT_MAX_CHARS; i--) {
    const s = trace.steps[i];
    // Both what the step said and the tool result it carries: a critique that cites "the script
    // printed 155" needs that output in the context to be learnable.
    const said = [s.content, s.tool?.result].filter(Boolean).join("\n");
    const line = `${s.agent}: ${said}`;
    lines.push(line);
    size += line.length + 1;
  }
  if (trace.run.task && size < CONTEXT_MAX_CHARS) lines.push(`task: ${trace.run.task}`);
  const text = lines.reverse().join("\n");
  return text.length > CONTEXT_MAX_CHARS ? text.slice(text.length - CONTEXT_MAX_CHARS) : text;
}

export function toTrainingJsonl(report: AnalysisReport, trace: TTrace): string {
  const byId = new Map(trace.steps.map((s) => [s.id, s]));
  const lines: string[] = [];
  for (const r of report.training.rewards) {
    const s = byId.get(r.stepId);
    if (!s) continue;
    lines.push(
      JSON.stringify({
        type: "reward",
        runId: report.runId ?? null,
        stepId: s.id,
        sourceRef: s.sourceRef ?? s.id,
        agent: s.agent,
        prompt: s.input ?? null,
        completion: s.content,
        reward: r.reward,
        outcome: report.outcome,
        engineVersion: report.engineVersion,
      }),
    );
  }
  for (const p of report.training.preferencePairs) {
    const chosen = p.chosenText ?? byId.get(p.chosenStepId)?.content ?? null;
    lines.push(
      JSON.stringify({
        type: "preference",
        runId: report.runId ?? null,
        kind: p.kind,
        context: contextBefore(trace, p.contextStepId),
        chosen,
        rejected: byId.get(p.rejectedStepId)?.content ?? null,
        chosenStepId: p.chosenStepId,
        rejectedStepId: p.rejectedStepId,
        note: p.note,
      }),
    );
  }
  return lines.length ? lines.join("\n") + "\n" : "";
}
