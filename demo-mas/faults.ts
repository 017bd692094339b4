/**
 * Faults the reference system can be told to commit: which agent, at which of its actions, how.
 * Every supported single-agent fault makes the run fail (the integration test checks this).
 */
import { z } from "zod";
import { workerNames, type Task } from "./task";

export const FAULT_MODES = ["wrong_value", "drop", "false_success", "skip_verification"] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

export const ZFault = z.object({
  agent: z.string().min(1),
  /** The agent's action index: the planner plans (0) and publishes (1); everyone else acts once (0). */
  step: z.number().int().min(0).default(0),
  mode: z.enum(FAULT_MODES),
});
export type Fault = z.infer<typeof ZFault>;

/** What each agent does, in order. */
export function agentActions(task: Task): Record<string, string[]> {
  const actions: Record<string, string[]> = { planner: ["plan", "publish"] };
  for (const w of workerNames(task)) actions[w] = ["compute"];
  actions.aggregator = ["aggregate"];
  actions.verifier = ["verify"];
  return actions;
}

const MODES_BY_ROLE: Record<string, FaultMode[]> = {
  plan: ["wrong_value", "drop"],
  publish: ["wrong_value", "drop"],
  compute: ["wrong_value", "drop", "false_success"],
  aggregate: ["wrong_value", "drop", "false_success"],
  verify: ["wrong_value", "drop", "skip_verification"],
};

/** Every single-agent fault the system supports for a task. */
export function supportedFaults(task: Task): Fault[] {
  const out: Fault[] = [];
  for (const [agent, actions] of Object.entries(agentActions(task)))
    actions.forEach((action, step) => {
      for (const mode of MODES_BY_ROLE[action]) out.push({ agent, step, mode });
    });
  return out;
}

/** Checks a fault against the task; returns a message naming what is wrong, or undefined. */
export function faultProblem(task: Task, fault: Fault): string | undefined {
  const actions = agentActions(task)[fault.agent];
  if (!actions) return `unknown agent "${fault.agent}"; agents: ${Object.keys(agentActions(task)).join(", ")}`;
  if (fault.step >= actions.length)
    return `${fault.agent} has ${actions.length} action(s) (${actions.join(", ")}); step ${fault.step} does not exist`;
  const modes = MODES_BY_ROLE[actions[fault.step]];
  if (!modes.includes(fault.mode))
    return `${fault.agent}'s ${actions[fault.step]} action supports ${modes.join(", ")}, not ${fault.mode}`;
  return undefined;
}
