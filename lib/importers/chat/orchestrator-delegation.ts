import type { TStepInput } from "../../trace/schema";

/**
 * In a Magentic-One team the orchestrator chooses every next speaker and addresses its instruction
 * to it, so an orchestrator message directly followed by another agent's turn is a delegation to that
 * agent (the log itself does not say "-> X" as the older Who&When logs did). Turns by the task giver
 * are not delegations. Mutates the steps in place.
 */
export function markOrchestratorDelegations(
  steps: readonly (TStepInput | undefined)[],
  isOrchestrator: (agent: string) => boolean,
  isTaskGiver: (agent: string) => boolean,
): void {
  for (let i = 0; i + 1 < steps.length; i++) {
    const step = steps[i];
    const next = steps[i + 1];
    if (!step || !next || step.kind !== "message" || !isOrchestrator(step.agent)) continue;
    if (next.agent === step.agent || isTaskGiver(next.agent)) continue;
    step.kind = "delegate";
    step.target = next.agent;
  }
}

/** The orchestrator AgentChat's `MagenticOneGroupChat` names itself. */
export const MAGENTIC_ONE_ORCHESTRATOR = "MagenticOneOrchestrator";
