/**
 * One agent's standing in the verdict, the same on every view (blame bars, Agents canvas, lanes,
 * inspector): exactly one culprit, the agent the verdict names; other agents the engine holds
 * responsible are co-culprits; when the outcome is unknown or only a prior named the agent, it is
 * a suspect, never a culprit, and so is every agent of an undetermined verdict's ranked suspects.
 */
import type { AgentRole } from "../attribution/types";
import type { ReportIndex } from "./index-report";

export type AgentStanding =
  | "culprit"
  | "co-culprit"
  | "suspect"
  | "missed-check"
  | "repairer"
  | "victim"
  | "propagator"
  | "bystander";

/** The badge text of each standing (a mark, then the word). */
export const STANDING_LABEL: Record<AgentStanding, string> = {
  culprit: "✕ culprit",
  "co-culprit": "◐ co-culprit",
  suspect: "? suspect",
  "missed-check": "⚠ missed check",
  repairer: "✓ repairer",
  victim: "↯ victim",
  propagator: "↯ propagator",
  bystander: "bystander",
};

/** The role colour each standing is drawn with (the theme's `--role-*` tokens). */
export const STANDING_ROLE: Record<AgentStanding, AgentRole> = {
  culprit: "culprit",
  "co-culprit": "culprit",
  suspect: "suspect",
  "missed-check": "missed-check",
  repairer: "repairer",
  victim: "propagator",
  propagator: "propagator",
  bystander: "bystander",
};

/** True when the verdict names its agent as a suspect only (unknown outcome, prior, undetermined). */
export function verdictIsSuspect(index: Pick<ReportIndex, "report">): boolean {
  const r = index.report;
  if (!r?.decisive) return true;
  return r.outcome === "unknown" || r.decisionSource === "prior" || r.decisionSource === "undetermined";
}

/** The canvas nodes' standing fields: the standing, and the two flags their styles read. */
export function standingFlags(index: Pick<ReportIndex, "report" | "agentById" | "victims">, agent: string) {
  const standing = agentStanding(index, agent);
  return { standing, isCulprit: standing === "culprit", isVictim: standing === "victim" };
}

export function agentStanding(
  index: Pick<ReportIndex, "report" | "agentById" | "victims">,
  agent: string,
): AgentStanding {
  const role = index.agentById.get(agent)?.role;
  const named = index.report?.decisive?.agent ?? null;
  const suspect = verdictIsSuspect(index);
  if (agent === named) return suspect ? "suspect" : "culprit";
  if (role === "culprit" || role === "suspect") return suspect ? "suspect" : "co-culprit";
  // An undetermined verdict's ranked suspects are suspects on every view, whatever their blame role.
  if (suspect && index.report?.suspects?.some((s) => s.agent === agent)) return "suspect";
  if (role === "missed-check" || role === "repairer") return role;
  if (index.victims.has(agent)) return "victim";
  if (role === "propagator") return "propagator";
  return "bystander";
}
