/**
 * Roles from one-agent-at-a-time intervention (AgentGrad's sequential intervention, offline):
 * - culprit: owns the decisive step, or its repair alone flips the outcome, or it belongs to the
 *   minimal fix set when no single repair does;
 * - repairer: made a corrective attempt (successful retry, evidence-backed rejection);
 * - missed-check: approved or combined a wrong value after its origin without catching it (a
 *   verifier by behaviour, whatever its name); never the culprit when an earlier origin exists;
 * - suspect: the decision has no evidence and names the agent only by a prior (engine ≥ 0.5);
 * - propagator: relayed corrupted input on the path to the failure (a victim, not a cause);
 * - bystander: everyone else.
 */
import type { AgentRole } from "./types";

export interface RoleInput {
  agents: string[];
  culprits: Set<string>;
  repairers: Set<string>;
  propagators: Set<string>;
  missedChecks?: Set<string>;
  /** The culprit was named by a prior, not by evidence: it is reported as a suspect. */
  suspectOnly?: boolean;
}

export function assignRoles(x: RoleInput): Map<string, AgentRole> {
  const roles = new Map<string, AgentRole>();
  for (const a of x.agents)
    roles.set(
      a,
      x.culprits.has(a)
        ? x.suspectOnly
          ? "suspect"
          : "culprit"
        : x.repairers.has(a)
          ? "repairer"
          : x.missedChecks?.has(a)
            ? "missed-check"
            : x.propagators.has(a)
              ? "propagator"
              : "bystander",
    );
  return roles;
}
