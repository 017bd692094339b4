import type { DecodedSpan } from "./decoded-span";
import { smolagentsAgentName } from "./smolagents-agent";

/**
 * The agent a span names itself, from the conventions in the wild, most explicit first:
 * `gen_ai.agent.name`, `agent.name`, `graph.node.name`, Traceloop entity names on agent/workflow
 * spans, LangGraph's `langgraph_node` (plain or inside OpenInference `metadata` JSON),
 * `invoke_agent <name>` span names, and smolagents run spans (`smolagents-agent.ts`). Returns
 * `undefined` when the span names no agent.
 */
export function explicitAgentName(span: DecodedSpan): string | undefined {
  const a = span.attributes;
  const direct = text(a["gen_ai.agent.name"]) ?? text(a["agent.name"]) ?? text(a["graph.node.name"]);
  if (direct) return direct;
  const tlKind = a["traceloop.span.kind"];
  if (tlKind === "agent" || tlKind === "workflow") {
    const entity = text(a["traceloop.entity.name"]) ?? text(a["traceloop.workflow.name"]);
    if (entity) return entity;
  }
  const node = text(a["langgraph_node"]) ?? text(a["metadata.langgraph_node"]) ?? metadataNode(a["metadata"]);
  if (node && !node.startsWith("__")) return node; // __start__/__end__ are LangGraph plumbing
  const op = a["gen_ai.operation.name"];
  if ((op === "invoke_agent" || op === "create_agent") && span.name.startsWith(`${op} `))
    return span.name.slice(op.length + 1).trim() || undefined;
  if (a["openinference.span.kind"] === "AGENT") {
    // OpenInference's Agents SDK instrumentation names each agent span's graph node after the agent.
    const nodeId = text(a["graph.node.id"]);
    if (nodeId) return nodeId;
    // CrewAI's task/agent spans are named after the method (`Task._execute_core`); the agent's
    // role is in the span input, as the repr of the Agent (`role='Researcher' goal=...`).
    const role = roleInInput(a["input.value"]);
    if (role) return role;
    const smolagent = smolagentsAgentName(span);
    if (smolagent) return smolagent;
  }
  return undefined;
}

/**
 * A Python/JS qualified method name (`Task._execute_core`, `Agent.execute_task`, `Crew.kickoff`):
 * a span named after the code that ran, which is never an agent's name.
 */
export function isMethodName(name: string): boolean {
  return /^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+$/.test(name);
}

const ROLE = /\brole=(['"])(.{1,256}?)\1/;

function roleInInput(input: unknown): string | undefined {
  if (typeof input !== "string" || !input.includes("role=")) return undefined;
  const m = ROLE.exec(input.length > 20_000 ? input.slice(0, 20_000) : input);
  return m ? text(m[2]) : undefined;
}

/** True for spans that *are* an agent invocation even without a name attribute (OpenInference AGENT). */
export function isAnonymousAgentSpan(span: DecodedSpan): boolean {
  const a = span.attributes;
  return (
    a["openinference.span.kind"] === "AGENT" ||
    a["gen_ai.operation.name"] === "invoke_agent" ||
    a["traceloop.span.kind"] === "agent"
  );
}

/** Fallback agent for spans with no agent ancestor: the service, unless it is the SDK's placeholder. */
export function fallbackAgentName(span: DecodedSpan, rootName: string | undefined): string {
  const service = text(span.resource["service.name"]);
  if (service && !service.startsWith("unknown_service")) return service;
  return rootName || span.scope?.name || "system";
}

function metadataNode(metadata: unknown): string | undefined {
  if (typeof metadata === "string") {
    if (!metadata.includes("langgraph_node")) return undefined;
    try {
      return metadataNode(JSON.parse(metadata));
    } catch {
      return undefined;
    }
  }
  if (metadata && typeof metadata === "object") return text((metadata as Record<string, unknown>).langgraph_node);
  return undefined;
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}
