/**
 * Step attributes importers set so the engine and the edge rules can tell structure from agents.
 * Documented in docs/trace-format.md ("Attributes importers set").
 */

/**
 * `true` on a step whose span only wraps agents (a workflow, a crew, one user turn, the Agents
 * SDK's "Agent workflow" trace span): it is not an agent and never the decisive step.
 */
export const CONTAINER_ATTR = "culprit.container";

/**
 * Set by format normalizers on a span that hands control to another agent (an Agents SDK handoff
 * span, a Monocle delegation span): the receiving agent's name. The OTLP mapping turns it into the
 * step's `target` once the agent is known.
 */
export const HANDOFF_TO_ATTR = "culprit.handoff_to";

/** A tool the model asked for in this span (when the call itself has no span of its own). */
export const REQUESTED_TOOL_ATTR = "culprit.requested_tool";
