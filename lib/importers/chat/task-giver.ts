import type { TTraceInput } from "../../trace/schema";
import type { TraceBuilder } from "../trace-builder";

/**
 * Speaker names chat frameworks give the one who poses the task: AgentChat and OpenAI-style
 * transcripts use `user`, Who&When's Magentic-One logs `human`. Matched exactly (case-insensitive):
 * an agent that merely has "user" in its name (`user_proxy`) is an agent.
 */
const TASK_GIVER_NAMES = new Set(["user", "human"]);

export function isTaskGiverName(name: string): boolean {
  return TASK_GIVER_NAMES.has(name.trim().toLowerCase());
}

/** Registers `name` as the run's task giver: a participant, never a culprit (see `ZAgentKind`). */
export function registerTaskGiver(builder: TraceBuilder, name: string): string {
  return builder.agent(name, { kind: "task_giver" });
}

/**
 * The importers' last word on who poses the task (`finalizeTrace`, every imported format): a
 * participant named exactly `user` or `human` whose importer left its kind open is the task giver.
 * The name convention lives here, not in the engine, which reads only `kind`; an importer that
 * knows better (an agent really named "user") sets `kind: "agent"` explicitly.
 */
export function markConventionalTaskGivers(input: TTraceInput): void {
  for (const agent of input.agents ?? [])
    if (agent.kind === undefined && isTaskGiverName(agent.name)) agent.kind = "task_giver";
}
