import type { TStepInput, TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder, isRecord, toText } from "../trace-builder";

/** Fields every AgentChat message has a home for; the rest goes to `attributes`. */
const MAPPED = new Set(["source", "type", "content", "models_usage", "target", "created_at"]);

/**
 * Maps an AutoGen AgentChat (0.4+) `TaskResult` — `{messages: [{source, type, content,
 * models_usage}], stop_reason}` — or a bare message array. `HandoffMessage.target` becomes a
 * delegate step, tool call request/execution events become tool steps, thoughts and memory
 * queries get their own kinds. Step ids are `m<index>`, `sourceRef` the index.
 */
export function importAutogen(value: unknown): TTraceInput {
  const messages = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.messages) ? value.messages : undefined;
  if (!messages) {
    throw new TraceInputError("schema", "Not an AutoGen TaskResult: expected {messages: [{source, type, content}]}", {
      issues: [{ path: "messages", message: "missing message list" }],
    });
  }
  const builder = new TraceBuilder();
  messages.forEach((raw, i) => {
    if (!isRecord(raw)) return builder.warn(`messages[${i}] is not an object; skipped`);
    builder.step(mapMessage(raw, i));
    if (typeof raw.target === "string") builder.agent(raw.target);
  });
  const stopReason = isRecord(value) && typeof value.stop_reason === "string" ? value.stop_reason : undefined;
  const first = builder.steps[0];
  const last = builder.steps[builder.steps.length - 1];
  return builder.build({
    task: first && first.agent === "user" ? first.content : undefined,
    system: "autogen",
    finalAnswer: last?.content || undefined,
    outcome: "unknown",
    startedAt: first?.startTime,
    endedAt: last?.startTime,
    sourceFormat: "autogen",
    attributes: stopReason ? { stop_reason: stopReason } : undefined,
  });
}

function mapMessage(raw: Record<string, unknown>, i: number): TStepInput {
  const type = typeof raw.type === "string" ? raw.type : "TextMessage";
  const step: TStepInput = { id: `m${i}`, sourceRef: String(i), agent: toText(raw.source) || "unknown", kind: "message", name: type, content: toText(raw.content) };
  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!MAPPED.has(k)) attributes[k] = v;
  const usage = isRecord(raw.models_usage) ? raw.models_usage : undefined;
  if (usage) step.tokens = tokens(usage.prompt_tokens, usage.completion_tokens);
  if (typeof raw.created_at === "string" && !Number.isNaN(Date.parse(raw.created_at))) step.startTime = new Date(raw.created_at).toISOString();
  const calls = Array.isArray(raw.content) ? raw.content.filter(isRecord) : [];
  switch (type) {
    case "HandoffMessage":
      step.kind = "delegate";
      if (typeof raw.target === "string") step.target = raw.target;
      break;
    case "ToolCallRequestEvent":
      step.kind = "tool_call";
      step.tool = { name: toText(calls[0]?.name) || "tool", arguments: calls.length === 1 ? calls[0].arguments : calls.map((c) => ({ name: c.name, arguments: c.arguments, id: c.id })) };
      break;
    case "ToolCallExecutionEvent": {
      step.kind = "tool_result";
      step.tool = { name: toText(calls[0]?.name) || "tool", result: calls.map((c) => toText(c.content)).join("\n") };
      step.content = step.tool.result ?? "";
      if (calls.some((c) => c.is_error === true)) {
        step.status = "error";
        step.error = { message: step.content.slice(0, 2000) || "tool call failed" };
      } else step.status = "ok";
      if (calls.length) attributes.results = calls;
      break;
    }
    case "ThoughtEvent":
      step.kind = "thought";
      break;
    case "MemoryQueryEvent":
      step.kind = "state_read";
      step.state = { op: "read", key: "memory" };
      break;
    case "StopMessage":
      step.kind = "final";
      break;
    case "ToolCallSummaryMessage":
      step.kind = "tool_result";
      break;
  }
  if (Object.keys(attributes).length) step.attributes = attributes;
  return step;
}

function tokens(input: unknown, output: unknown): TStepInput["tokens"] {
  const t: NonNullable<TStepInput["tokens"]> = {};
  if (typeof input === "number" && Number.isInteger(input) && input >= 0) t.input = input;
  if (typeof output === "number" && Number.isInteger(output) && output >= 0) t.output = output;
  if (t.input !== undefined && t.output !== undefined) t.total = t.input + t.output;
  return Object.keys(t).length ? t : undefined;
}
