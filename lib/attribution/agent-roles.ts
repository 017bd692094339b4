/**
 * Roles from one-agent-at-a-time intervention (AgentGrad's sequential intervention, offline):
 * - culprit: owns the decisive step, or its repair alone flips the outcome, or it belongs to the
 *   minimal fix set when no single repair does;
 * - repairer: made a corrective attempt (successful retry, evidence-backed rejection);
 * - propagator: relayed corrupted input on the path to the failure (a victim, not a cause);
 * - bystander: everyone else.
 */
import type { AgentRole } from "./types";

export interface RoleInput {
  agents: string[];
  culprits: Set<string>;
  repairers: Set<string>;
  propagators: Set<string>;
}

export function assignRoles(x: RoleInput): Map<string, AgentRole> {
  const roles = new Map<string, AgentRole>();
  for (const a of x.agents)
    roles.set(a, x.culprits.has(a) ? "culprit" : x.repairers.has(a) ? "repairer" : x.propagators.has(a) ? "propagator" : "bystander");
  return roles;
}
