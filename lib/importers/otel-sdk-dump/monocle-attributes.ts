import type { DecodedSpan } from "../otlp/decoded-span";
import { CONTAINER_ATTR, HANDOFF_TO_ATTR, REQUESTED_TOOL_ATTR } from "../span-markers";

/**
 * Monocle (monocle2ai) writes Python SDK spans with its own metamodel: `span.type` says what the
 * span is, `entity.<n>.name` names the agent/tool/model, and payloads travel in `data.input`,
 * `data.output` and `metadata` events. This rewrites those into the GenAI/OpenInference attributes
 * the OTLP mapping reads, keeping the originals. Returns whether the span was a Monocle span.
 */
export function normalizeMonocleSpan(span: DecodedSpan): boolean {
  const a = span.attributes;
  const type = a["span.type"];
  if (
    typeof type !== "string" ||
    (a["monocle_apptrace.version"] === undefined && a["entity.count"] === undefined && a["workflow.name"] === undefined)
  )
    return false;
  const entity1 = text(a["entity.1.name"]);
  if (type === "workflow" || type === "agentic.turn" || type === "agentic.request") {
    // The application, one user turn, one request: wrappers around the agents, never an agent.
    a[CONTAINER_ATTR] = true;
    a["openinference.span.kind"] = "CHAIN";
  } else if (type === "agentic.invocation") {
    a["gen_ai.operation.name"] = "invoke_agent";
    if (entity1) a["gen_ai.agent.name"] = entity1;
  } else if (type === "agentic.delegation") {
    const from = text(a["entity.1.from_agent"]);
    const to = text(a["entity.1.to_agent"]);
    if (from) a["gen_ai.agent.name"] = from;
    if (to) a[HANDOFF_TO_ATTR] = to;
  } else if (type === "agentic.tool.invocation" || type === "agentic.mcp.invocation") {
    a["gen_ai.operation.name"] = "execute_tool";
    if (entity1) a["gen_ai.tool.name"] = entity1;
  } else if (type === "inference" || type === "inference.framework") {
    a["gen_ai.operation.name"] = "chat";
    const model = text(a["entity.2.name"]);
    if (model) a["gen_ai.request.model"] = model;
    // The tool the model chose this turn (`entity.3`), e.g. a handoff function.
    const tool = text(a["entity.3.name"]);
    if (tool) a[REQUESTED_TOOL_ATTR] = tool;
  }
  // `inference.modelapi` is the raw HTTP call under a framework inference span: left as "other".
  for (const ev of span.events) {
    const ea = ev.attributes;
    if (ev.name === "data.input" && ea.input !== undefined && a["input.value"] === undefined)
      a["input.value"] = Array.isArray(ea.input) ? ea.input.map(String).join("\n") : ea.input;
    else if (ev.name === "data.output" && ea.response !== undefined && a["output.value"] === undefined)
      a["output.value"] = ea.response;
    else if (ev.name === "metadata") {
      if (ea.prompt_tokens !== undefined) a["gen_ai.usage.input_tokens"] = ea.prompt_tokens;
      if (ea.completion_tokens !== undefined) a["gen_ai.usage.output_tokens"] = ea.completion_tokens;
      if (ea.total_tokens !== undefined) a["gen_ai.usage.total_tokens"] = ea.total_tokens;
    }
  }
  return true;
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() && v !== "None" ? v.trim() : undefined;
}
