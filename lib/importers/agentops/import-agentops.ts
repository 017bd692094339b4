import type { TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { isRecord } from "../trace-builder";
import type { DecodedEvent, DecodedSpan } from "../otlp/decoded-span";
import { mapSpans } from "../otlp/map-spans";
import { isoToNano } from "../iso-time";
import { CONTAINER_ATTR } from "../span-markers";

const KINDS: Record<string, number> = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 };
const STATUS: Record<string, number> = { UNSET: 0, OK: 1, ERROR: 2 };
const MAX_SPANS = 200_000;

/** An AgentOps trace export: `{trace: {trace_id, ...}, spans: [{span_id, parent_span_id, span_name, span_attributes, ...}]}`. */
export function isAgentOpsExport(value: unknown): boolean {
  if (!isRecord(value) || !isRecord(value.trace) || !Array.isArray(value.spans)) return false;
  const first = value.spans.find(isRecord);
  return (
    first !== undefined && typeof first.span_id === "string" && ("span_attributes" in first || "span_name" in first)
  );
}

/**
 * Maps an AgentOps trace export through the OTLP mapping. AgentOps nests attributes
 * (`{agentops: {span: {kind}}}`), flattened here to the dotted OTel keys, then read by
 * `agentops.span.kind`: `workflow` is the crew (a container, not an agent); a `workflow.step`/
 * `task` span is a task handed to the agent named in `crewai.task.agent` (the crew's role);
 * `agent` spans are that agent (`agent.role`); `llm` and `tool` spans are its calls.
 */
export function importAgentOps(value: unknown): TTraceInput {
  if (!isAgentOpsExport(value)) {
    throw new TraceInputError(
      "schema",
      "Not an AgentOps trace export: expected {trace, spans: [{span_id, span_name, span_attributes}]}",
      {
        issues: [{ path: "spans", message: "expected an array of AgentOps spans" }],
      },
    );
  }
  const { trace, spans } = value as { trace: Record<string, unknown>; spans: unknown[] };
  if (spans.length > MAX_SPANS)
    throw new TraceInputError("too_large", `The export holds ${spans.length} spans; at most ${MAX_SPANS} are read`);
  const traceId = typeof trace.trace_id === "string" ? trace.trace_id : undefined;
  const decoded: DecodedSpan[] = [];
  spans.forEach((s, i) => {
    if (!isRecord(s))
      throw new TraceInputError("schema", `spans[${i}] is not an object`, {
        issues: [{ path: `spans[${i}]`, message: "expected an object" }],
      });
    decoded.push(agentOpsSpan(s, traceId, i));
  });
  if (decoded.length === 0) throw new TraceInputError("bad_input", "The AgentOps trace has no spans");
  const input = mapSpans(decoded);
  input.run.sourceFormat = "agentops";
  return input;
}

function agentOpsSpan(s: Record<string, unknown>, traceId: string | undefined, index: number): DecodedSpan {
  const a: Record<string, unknown> = {};
  flatten(s.span_attributes, "", a);
  flatten(s.attributes, "", a);
  const kind = String(a["agentops.span.kind"] ?? "");
  if (kind === "workflow" || kind === "session") {
    a[CONTAINER_ATTR] = true;
    a["openinference.span.kind"] = "CHAIN";
  } else if (kind === "workflow.step" || kind === "task") {
    // The crew hands this task to one of its agents: an invocation of that agent.
    const agent = text(a["crewai.task.agent"]);
    if (agent) {
      a["gen_ai.agent.name"] = agent;
      a["gen_ai.operation.name"] = "invoke_agent";
    }
  } else if (kind === "agent") {
    const role = text(a["agent.role"]) ?? text(a["agent.name"]);
    if (role) a["gen_ai.agent.name"] = role;
    a["gen_ai.operation.name"] = "invoke_agent";
  } else if (kind === "llm") {
    a["gen_ai.operation.name"] = "chat";
  } else if (kind === "tool") {
    a["gen_ai.operation.name"] = "execute_tool";
    const tool = text(a["tool.name"]) ?? text(a["agentops.entity.name"]);
    if (tool) a["gen_ai.tool.name"] = tool;
  }
  if (a["agentops.entity.input"] !== undefined && a["input.value"] === undefined)
    a["input.value"] = a["agentops.entity.input"];
  if (a["agentops.entity.output"] !== undefined && a["output.value"] === undefined)
    a["output.value"] = a["agentops.entity.output"];
  const resource: Record<string, unknown> = {};
  flatten(s.resource_attributes, "", resource);
  return {
    traceId,
    spanId: text(s.span_id),
    parentSpanId: text(s.parent_span_id),
    name: typeof s.span_name === "string" ? s.span_name : "",
    kind: KINDS[String(s.span_kind ?? "").toLowerCase()] ?? 0,
    start: isoToNano(s.start_time),
    end: isoToNano(s.end_time),
    attributes: a,
    events: events(s),
    links: [],
    statusCode: STATUS[String(s.status_code ?? "").toUpperCase()] ?? 0,
    statusMessage: text(s.status_message),
    resource,
    path: "spans",
    pathIndex: index,
  };
}

/** AgentOps stores events column-wise: `event_names[i]`, `event_timestamps[i]`, `event_attributes[i]`. */
function events(s: Record<string, unknown>): DecodedEvent[] {
  if (!Array.isArray(s.event_names) || s.event_names.length === 0) return [];
  const times = Array.isArray(s.event_timestamps) ? s.event_timestamps : [];
  const attrs = Array.isArray(s.event_attributes) ? s.event_attributes : [];
  return s.event_names.map((name, i) => {
    const attributes: Record<string, unknown> = {};
    flatten(attrs[i], "", attributes);
    return { name: String(name), time: isoToNano(times[i]), attributes };
  });
}

/** Nested objects → dotted keys (depth-bounded); arrays and scalars are kept as values. */
function flatten(value: unknown, prefix: string, out: Record<string, unknown>, depth = 0): void {
  if (!isRecord(value)) return;
  for (const key in value) {
    const v = value[key];
    if (isRecord(v) && depth < 16) flatten(v, `${prefix}${key}.`, out, depth + 1);
    else out[`${prefix}${key}`] = v;
  }
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}
