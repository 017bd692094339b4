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
 * `true` on a span step with children whose output is what the spans below it produced, returned
 * when it ended: a chain, graph node or plain span around its children, or a generation around the
 * provider call it made. A span's output exists only at its end, after its children, so the engine
 * lays the step out after them, like an agent invocation, and never takes it as the origin of what
 * it returns. Tool spans are never marked: a call's arguments come before its children.
 */
export const RELAY_ATTR = "culprit.relay";

/**
 * Set by format normalizers on a span that hands control to another agent (an Agents SDK handoff
 * span, a Monocle delegation span): the receiving agent's name. The OTLP mapping turns it into the
 * step's `target` once the agent is known.
 */
export const HANDOFF_TO_ATTR = "culprit.handoff_to";

/** A tool the model asked for in this span (when the call itself has no span of its own). */
export const REQUESTED_TOOL_ATTR = "culprit.requested_tool";
