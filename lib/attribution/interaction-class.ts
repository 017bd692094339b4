/**
 * Failure interaction class with the rule that decided it (docs/methods.md, "Interaction class"), first match wins:
 * unexplained → composed → overdetermined → amplified → unchanged.
 */
import type { InteractionClass } from "./types";

export interface InteractionInput {
  /** Faulty candidate steps in the model. */
  candidates: number;
  /** Whether the model explains the observed failure (some fault reaches the outcome). */
  explained: boolean;
  /** Whether repairing every agent fault makes the run succeed. */
  repairAllSucceeds: boolean;
  /** Agents of steps whose repair alone flips the outcome, and whether each such fault alone suffices. */
  flipping: { agent: string; aloneSufficient: boolean }[];
  minimalFixSet: { agent: string; aloneSufficient: boolean }[];
  /** Agent boundaries crossed and corrupted steps reached from the decisive step. */
  boundariesCrossed: number;
  corruptedDescendants: number;
}

/** Corruption that crossed one agent boundary and reached at least this many steps counts as amplified. */
export const AMPLIFY_STEPS = 5;

export function classifyInteraction(x: InteractionInput): { class: InteractionClass; rule: string } {
  // No evidence is not a team effect: "emergent" needs steps of several agents, each harmless alone,
  // that fail together, which offline evidence cannot show; without evidence the failure is unexplained.
  if (x.candidates === 0) return { class: "unexplained", rule: "no step carries fault evidence above the threshold" };
  if (!x.explained)
    return {
      class: "unexplained",
      rule: "no faulty step's corruption reaches the outcome under the propagation model",
    };
  if (!x.repairAllSucceeds)
    return {
      class: "unexplained",
      rule: "repairing every agent's faults still fails (v(N) = 0): the failure lies in the environment, the budget or an interaction the evidence does not show",
    };
  const flipAgents = new Set(x.flipping.map((f) => f.agent));
  if (flipAgents.size >= 2 && x.flipping.every((f) => !f.aloneSufficient))
    return {
      class: "composed",
      rule: `faults of ${[...flipAgents].join(" and ")} are each necessary and none alone produces the failure`,
    };
  if (x.flipping.length === 0 && x.minimalFixSet.length >= 2) {
    if (x.minimalFixSet.every((m) => m.aloneSufficient))
      return {
        class: "overdetermined",
        rule: `no single repair flips the outcome; each of ${x.minimalFixSet.length} faults alone suffices to fail`,
      };
    return { class: "composed", rule: `only the joint repair of ${x.minimalFixSet.length} faults flips the outcome` };
  }
  // Amplification is a team effect: a fault that never left its agent is "unchanged", however many
  // of that agent's own later steps it corrupted.
  if (x.boundariesCrossed >= 1 && (x.boundariesCrossed >= 2 || x.corruptedDescendants >= AMPLIFY_STEPS))
    return {
      class: "amplified",
      rule: `a single root fault crosses ${x.boundariesCrossed} agent boundaries and corrupts ${x.corruptedDescendants} later steps`,
    };
  return {
    class: "unchanged",
    rule:
      x.boundariesCrossed === 0
        ? `a single root fault stays within its agent and corrupts ${plural(x.corruptedDescendants, "later step")}`
        : `a single root fault crosses one agent boundary and corrupts ${plural(x.corruptedDescendants, "later step")}`,
  };
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
