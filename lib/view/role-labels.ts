import type { AgentRole } from "../attribution/types";

/** How a role reads in a badge or a chart row (a mark, then the word), wherever roles are shown. */
export const ROLE_LABEL: Record<AgentRole, string> = {
  culprit: "✕ culprit",
  propagator: "↯ propagator",
  repairer: "✓ repairer",
  bystander: "bystander",
  "missed-check": "⚠ missed check",
  suspect: "? suspect",
};
