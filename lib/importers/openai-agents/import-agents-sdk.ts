import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { isRecord, toText } from "../trace-builder";
import type { DecodedSpan } from "../otlp/decoded-span";
import { mapSpans } from "../otlp/map-spans";
import { splitByTrace } from "../otlp/split-traces";
import { isoToNano } from "../iso-time";
import { CONTAINER_ATTR, HANDOFF_TO_ATTR } from "../span-markers";
import { agentsSdkItems, isAgentsSdkSpan, isAgentsSdkTrace, unwrapAgentsSdkItem } from "./agents-sdk-items";

const MAX_ITEMS = 200_000;

/**
 * Maps the OpenAI Agents SDK's native trace export by turning each span into a decoded OTLP span
 * with GenAI attributes and reusing the OTLP mapping. Per `span_data.type`:
 * agent → an agent span (`gen_ai.agent.name`); generation/response → LLM call; function → tool
 * call; handoff → a handoff to `to_agent` (a delegation edge); guardrail/custom/mcp_tools → other.
 * The trace record becomes a container span named after the workflow: it wraps the agents and is
 * none of them. One trace input per trace in the export.
 */
export function importAgentsSdk(value: unknown): TTraceInput[] {
  const items = agentsSdkItems(value);
  if (!items)
    throw new TraceInputError(
      "schema",
      "Not an OpenAI Agents SDK export: expected {data: [...]} or a list of trace/trace.span records",
      {
        issues: [{ path: "data", message: "expected an array" }],
      },
    );
  if (items.length > MAX_ITEMS)
    throw new TraceInputError("too_large", `The export holds ${items.length} records; at most ${MAX_ITEMS} are read`);
  // By id: a span logged at start and again at end keeps its first place and its last (complete) record.
  const byId = new Map<string, DecodedSpan>();
  const anonymous: DecodedSpan[] = [];
  const traces = new Map<string, Record<string, unknown>>();
  items.forEach((raw, i) => {
    const item = unwrapAgentsSdkItem(raw);
    if (isAgentsSdkTrace(item)) traces.set(item.id as string, item);
    else if (isAgentsSdkSpan(item)) {
      const span = sdkSpan(item, i);
      if (span.spanId === undefined) anonymous.push(span);
      else byId.set(span.spanId, span);
    }
    // Other records (end events without span_data) carry nothing the spans do not.
  });
  const spans = [...byId.values(), ...anonymous];
  if (spans.length === 0)
    throw new TraceInputError("bad_input", "The OpenAI Agents SDK export holds no spans (records with span_data)");
  for (const [id, trace] of traces) {
    const own = spans.filter((s) => s.traceId === id);
    if (own.length === 0) continue;
    // Top-level spans hang under their trace's container span, whose id is the trace id.
    for (const s of own) if (s.parentSpanId === undefined) s.parentSpanId = id;
    spans.push(traceSpan(trace, own));
  }
  return splitByTrace(spans).map((group) => {
    const input = mapSpans(group);
    input.run.sourceFormat = "openai-agents";
    return input;
  });
}

function sdkSpan(item: Record<string, unknown>, index: number): DecodedSpan {
  const data = item.span_data as Record<string, unknown>;
  const type = String(data.type);
  const a: Record<string, unknown> = { "openai_agents.span_type": type };
  let name = typeof data.name === "string" && data.name ? data.name : type;
  switch (type) {
    case "agent":
      a["gen_ai.operation.name"] = "invoke_agent";
      if (typeof data.name === "string") a["gen_ai.agent.name"] = data.name;
      break;
    case "generation":
    case "response":
      a["gen_ai.operation.name"] = "chat";
      if (typeof data.model === "string") a["gen_ai.request.model"] = data.model;
      if (data.input != null) a["gen_ai.input.messages"] = data.input;
      if (data.output != null) a["gen_ai.output.messages"] = data.output;
      if (isRecord(data.usage)) {
        if (data.usage.input_tokens != null) a["gen_ai.usage.input_tokens"] = data.usage.input_tokens;
        if (data.usage.output_tokens != null) a["gen_ai.usage.output_tokens"] = data.usage.output_tokens;
      }
      if (typeof data.response_id === "string") a["gen_ai.response.id"] = data.response_id;
      break;
    case "function":
      a["gen_ai.operation.name"] = "execute_tool";
      a["gen_ai.tool.name"] = name;
      if (data.input != null) a["gen_ai.tool.call.arguments"] = data.input;
      if (data.output != null) a["gen_ai.tool.call.result"] = toText(data.output);
      break;
    case "handoff":
      if (typeof data.to_agent === "string" && data.to_agent) {
        a[HANDOFF_TO_ATTR] = data.to_agent;
        name = `handoff to ${data.to_agent}`;
      }
      if (typeof data.from_agent === "string" && data.from_agent) a["gen_ai.agent.name"] = data.from_agent;
      break;
    case "guardrail":
      a["openinference.span.kind"] = "GUARDRAIL";
      break;
    default:
      a["openinference.span.kind"] = "CHAIN";
  }
  // Everything else the span data says stays, under its own prefix.
  for (const key in data)
    if (key !== "type" && key !== "input" && key !== "output" && key !== "usage") a[`openai_agents.${key}`] = data[key];
  const error = isRecord(item.error) ? item.error : undefined;
  if (error?.data !== undefined) a["openai_agents.error.data"] = error.data;
  return {
    traceId: typeof item.trace_id === "string" ? item.trace_id : undefined,
    spanId: typeof item.id === "string" && item.id ? item.id : undefined,
    parentSpanId: typeof item.parent_id === "string" && item.parent_id ? item.parent_id : undefined,
    name,
    kind: 1,
    start: isoToNano(item.started_at),
    end: isoToNano(item.ended_at),
    attributes: a,
    events: [],
    links: [],
    statusCode: error ? 2 : 0,
    statusMessage: error ? toText(error.message) || "error" : undefined,
    resource: {},
    path: "data",
    pathIndex: index,
  };
}

function traceSpan(trace: Record<string, unknown>, own: DecodedSpan[]): DecodedSpan {
  const id = trace.id as string;
  let start = own[0].start;
  let end = own[0].end;
  for (const s of own) {
    if (s.start && (!start || s.start.ms < start.ms || (s.start.ms === start.ms && s.start.subNs < start.subNs)))
      start = s.start;
    if (s.end && (!end || s.end.ms > end.ms || (s.end.ms === end.ms && s.end.subNs > end.subNs))) end = s.end;
  }
  const a: Record<string, unknown> = {
    [CONTAINER_ATTR]: true,
    "openinference.span.kind": "CHAIN",
    "openai_agents.span_type": "trace",
  };
  if (trace.group_id != null) a["openai_agents.group_id"] = trace.group_id;
  if (trace.metadata != null) a["openai_agents.metadata"] = trace.metadata;
  return {
    traceId: id,
    spanId: id,
    name: typeof trace.workflow_name === "string" && trace.workflow_name ? trace.workflow_name : "Agent workflow",
    kind: 1,
    start,
    end,
    attributes: a,
    events: [],
    links: [],
    statusCode: 0,
    resource: {},
    path: "data",
  };
}
