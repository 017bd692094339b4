import type { DecodedSpan } from "./decoded-span";
import { CONTAINER_ATTR } from "../span-markers";
import { isAnonymousAgentSpan, isMethodName } from "./span-agent";

/**
 * Container spans: wrappers that run agents but are not one (a workflow, a crew's kickoff, the
 * Agents SDK's trace span "Agent workflow", one user turn). A span is a container when it could be
 * a wrapper and some span below it names an agent of its own:
 * - a format normalizer marked it (`culprit.container`);
 * - it is a GenAI `invoke_workflow` span or a Traceloop `workflow` span without an agent attribute;
 * - it is a root span that names no agent itself and is not an anonymous agent span, or is named
 *   after a method (`Crew.kickoff`), or is outside the execution graph (`graph.node.id`) its
 *   descendants declare.
 * A span that names an agent (a supervisor's workflow span) stays an agent, and a wrapper with no agent below it
 * stays the run's only agent, as before.
 *
 * `explicitOf` is the agent each span names by attribute; `agentNameOf` adds the agents a wrapper
 * may run without naming them by attribute (anonymous agent spans, named by their span).
 * Returns, per span, the first agent named below it (in step order) when the span is a container.
 * That agent receives the task from the container, so the container's step is filed under it
 * (every step needs an agent); the `culprit.container` mark keeps the engine from blaming it.
 */
export function containerAgents(
  spans: readonly DecodedSpan[],
  parent: Int32Array,
  explicitOf: readonly (string | undefined)[],
  agentNameOf: readonly (string | undefined)[] = explicitOf,
): (string | undefined)[] {
  const n = spans.length;
  const candidate = new Uint8Array(n);
  let any = false;
  const graph = spans.some((s) => s.attributes["graph.node.id"] !== undefined);
  for (let i = 0; i < n; i++) {
    if (isWrapper(spans[i], parent[i] < 0, explicitOf[i], graph)) {
      candidate[i] = 1;
      any = true;
    }
  }
  const firstBelow: (string | undefined)[] = new Array(n);
  if (!any) return firstBelow;
  // Parents come before children, so the first agent span reaching an ancestor is the earliest.
  // A walk stops at a span an earlier walk passed: everything above it is settled (linear overall,
  // even for a hostile 10k-deep chain).
  const walked = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const name = agentNameOf[i];
    if (name === undefined || candidate[i]) continue;
    for (let k = parent[i]; k >= 0 && !walked[k]; k = parent[k]) {
      walked[k] = 1;
      if (candidate[k]) firstBelow[k] = name;
    }
  }
  return firstBelow;
}

function isWrapper(span: DecodedSpan, isRoot: boolean, explicit: string | undefined, graph: boolean): boolean {
  const a = span.attributes;
  if (a[CONTAINER_ATTR] === true) return true;
  // A span carrying an agent attribute is that agent's (a supervisor's workflow span), never a wrapper.
  if (a["gen_ai.agent.name"] !== undefined || a["agent.name"] !== undefined || a["graph.node.name"] !== undefined)
    return false;
  if (a["gen_ai.operation.name"] === "invoke_workflow" || a["traceloop.span.kind"] === "workflow") return true;
  if (!isRoot || explicit !== undefined) return false;
  // A root named after the code that ran (`Crew.kickoff`), one outside the execution graph its
  // descendants declare (OpenInference's Agents SDK trace span around `graph.node.id` agents), or
  // one that is not an agent span at all (a chain or plain span around named agents: a LangGraph
  // graph, the Agents SDK's "Agent workflow" in GenAI instrumentations). An anonymous AGENT root
  // (a router) stays an agent.
  if (isMethodName(span.name) || (graph && span.attributes["graph.node.id"] === undefined)) return true;
  return !isAnonymousAgentSpan(span);
}

/** Agent SDKs whose session span wraps one agent's whole run, and the agent that run belongs to. */
const SESSION_SDKS: Record<string, string> = { "claude-agent-sdk": "claude", claude_agent_sdk: "claude" };
const SESSION_SPAN_NAMES: Record<string, string> = { "claude.conversation": "claude" };

/**
 * The agent of a session span: an SDK's span around a whole agent run that no agent name marks, such
 * as the Claude Agent SDK's `claude.conversation` (LangSmith's integration, also what Langfuse
 * stores from it: `ls_integration: claude-agent-sdk` in its metadata). Its output repeats the last
 * assistant turn and its children are the turns and tool calls, so with children it is a
 * container, never a step of its own that could be blamed. Undefined for any other span.
 */
export function sessionAgent(span: DecodedSpan): string | undefined {
  const a = span.attributes;
  if (a["gen_ai.agent.name"] !== undefined || a["agent.name"] !== undefined) return undefined;
  for (const key in a) {
    if (key !== "ls_integration" && !key.endsWith(".ls_integration")) continue;
    const sdk = typeof a[key] === "string" ? SESSION_SDKS[(a[key] as string).toLowerCase()] : undefined;
    if (sdk) return sdk;
  }
  return SESSION_SPAN_NAMES[span.name];
}
