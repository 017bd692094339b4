/**
 * Trivial predictors the engine must beat to be worth anything: the most active agent, the first
 * and last agent to act, and the majority culprit of the training records. Each names an agent
 * and, as its step, that agent's first substantive step. "Substantive" is an agent's own work:
 * it leaves out tool results and tool agents (most of whose steps are tool results), container
 * spans (an agent or workflow span wrapping the real steps), coordination (thoughts, delegations,
 * memory reads) and the task giver. This is the same notion of work as the engine's exposure
 * prior, so "most-active agent" is exactly what that prior would name without any detector.
 */
import type { TTrace } from "../trace/schema";
import type { EvalRecord } from "./records";

export interface Prediction {
  agent?: string;
  stepId?: string;
}

const TASK_GIVER = /^(human|user)$/i;
const NOT_WORK = new Set(["tool_result", "agent", "thought", "delegate", "state_read"]);

function substantive(trace: TTrace) {
  const total = new Map<string, number>();
  const results = new Map<string, number>();
  for (const s of trace.steps) {
    total.set(s.agent, (total.get(s.agent) ?? 0) + 1);
    if (s.kind === "tool_result") results.set(s.agent, (results.get(s.agent) ?? 0) + 1);
  }
  const toolAgent = (a: string) => 2 * (results.get(a) ?? 0) > total.get(a)!;
  return trace.steps.filter(
    (s) => !NOT_WORK.has(s.kind) && !TASK_GIVER.test(s.agent) && !toolAgent(s.agent) && s.content.trim() !== "",
  );
}

function withFirstStep(trace: TTrace, agent: string | undefined): Prediction {
  if (agent === undefined) return {};
  return { agent, stepId: substantive(trace).find((s) => s.agent === agent)?.id };
}

export function mostActiveAgent(trace: TTrace): Prediction {
  const count = new Map<string, number>();
  for (const s of substantive(trace)) count.set(s.agent, (count.get(s.agent) ?? 0) + 1);
  let best: string | undefined;
  for (const [agent, n] of count) if (best === undefined || n > count.get(best)!) best = agent; // ties: first to act
  return withFirstStep(trace, best);
}

export function firstAgent(trace: TTrace): Prediction {
  return withFirstStep(trace, substantive(trace)[0]?.agent);
}

export function lastAgent(trace: TTrace): Prediction {
  const steps = substantive(trace);
  return withFirstStep(trace, steps[steps.length - 1]?.agent);
}

/** The most frequent gold agent of the training records (ties: alphabetical, for determinism). */
export function majorityAgent(train: readonly EvalRecord[]): string | undefined {
  const count = new Map<string, number>();
  for (const r of train) if (r.gold.agent) count.set(r.gold.agent, (count.get(r.gold.agent) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

export function majorityPrediction(trace: TTrace, majority: string | undefined): Prediction {
  return withFirstStep(trace, majority);
}
