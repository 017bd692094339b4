import type { TStepInput, TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder, isRecord, toText } from "../trace-builder";
import { PY_ARGS, PY_CLASS, pyDatetimeToIso, type PyValue } from "../python-repr/parse-python-repr";
import { isTaskGiverName, registerTaskGiver } from "./task-giver";
import { transferTarget } from "./transfer-tool";
import { findAutogenMessages, isCoreMessage } from "./autogen-state";
import { mapCoreMessages } from "./map-autogen-core-messages";
import { MAGENTIC_ONE_ORCHESTRATOR, markOrchestratorDelegations } from "./orchestrator-delegation";
import { chatTermination, mentionStopToken, stopReasonTermination } from "./chat-termination";
import { STOPPED_ON_MENTION } from "../../trace/canonical-attributes";
import { TERMINATION_ATTR } from "../../trace/run-termination";
import { markObservation } from "./observation-marks";
import {
  MAGENTIC_ONE_SYSTEM,
  isMagenticHarness,
  isMagenticOneLog,
  magenticExecutors,
  magenticTaskGiver,
} from "./magentic-one";
import { hasWrappedAgentChatEvents, unwrapAgentChatEvents } from "./agentchat-events";
import { printedChatMeta } from "./printed/printed-chat";

/** Fields every AgentChat message has a home for; the rest goes to `attributes`. */
const MAPPED = new Set(["source", "type", "content", "models_usage", "target", "created_at", PY_CLASS]);

/**
 * Maps AutoGen (0.4+) logs: an AgentChat `TaskResult` (`{messages: [{source, type, content,
 * models_usage}], stop_reason}`), a bare list of `model_dump()`ed messages and events, a saved team
 * or agent state (`team.save_state()`: `agent_states.*.message_thread`, `llm_messages`,
 * `llm_context.messages`), or a list of core LLM messages (`UserMessage`, `AssistantMessage`,
 * `FunctionExecutionResultMessage`). `HandoffMessage.target` becomes a delegate step, tool call
 * request/execution events become tool steps (a `transfer_to_X` call also names X as its target),
 * thoughts and memory queries get their own kinds. The `user` who poses the task is the task giver.
 * Step ids are `m<index>`, `sourceRef` the index.
 */
export function importAutogen(raw: unknown): TTraceInput {
  const log = unwrapEventLog(raw);
  const value = log.value;
  const found = findAutogenMessages(value);
  if (!found) {
    throw new TraceInputError(
      "schema",
      "Not an AutoGen log: expected a TaskResult {messages: [{source, type, content}]}, a list of AgentChat messages or core LLM messages, or a saved state with agent_states.*.message_thread / llm_messages",
      {
        issues: [{ path: "messages", message: "no AgentChat message list, core message list or saved state found" }],
      },
    );
  }
  const builder = new TraceBuilder();
  // A printed Console run (chat/printed/): its summary stats, and what could not be read.
  const printed = printedChatMeta(value);
  if (printed) for (const warning of printed.warnings) builder.warn(warning);
  if (found.kind === "core") mapCoreMessages(builder, found.messages, found.owner);
  else mapAgentChatMessages(builder, found.messages);
  if (builder.steps.length === 0)
    throw new TraceInputError("schema", "The AutoGen log contains no messages", {
      issues: [{ path: found.path, message: "empty message list" }],
    });
  const stopReason =
    log.stopReason ?? (isRecord(value) && typeof value.stop_reason === "string" ? value.stop_reason : undefined);
  const first = builder.steps[0];
  const last = builder.steps[builder.steps.length - 1];
  const answer = [...builder.steps]
    .reverse()
    .find((s) => (s.kind === "message" || s.kind === "final") && !isTaskGiverName(s.agent) && s.content);
  const attributes: Record<string, unknown> = { ...printed?.attributes };
  if (stopReason) attributes.stop_reason = stopReason;
  // AgentChat's stop_reason says how the run ended ("Text 'TERMINATE' mentioned", "Maximum number of messages 10 reached").
  const termination = (stopReason && stopReasonTermination(stopReason)) || chatTermination(builder.steps);
  if (termination) attributes[TERMINATION_ATTR] = termination;
  const stopToken = stopReason && mentionStopToken(stopReason);
  if (stopToken) attributes[STOPPED_ON_MENTION] = stopToken;
  if (log.path) attributes.messages_from = log.path;
  else if (found.path !== "messages" && found.path !== "(root)") attributes.messages_from = found.path;
  return builder.build({
    task: log.task ?? (first && isTaskGiverName(first.agent) ? first.content : undefined),
    system: isMagenticOneLog(builder.steps.map((s) => s.agent)) ? MAGENTIC_ONE_SYSTEM : "autogen",
    finalAnswer: (answer ?? last)?.content || undefined,
    outcome: "unknown",
    startedAt: first?.startTime,
    endedAt: last?.startTime,
    sourceFormat: "autogen",
    attributes: Object.keys(attributes).length ? attributes : undefined,
  });
}

/**
 * An event log (`{task, events: [{type, module, model_dump}]}` or the bare list of wrappers) as the
 * message list the rest of the importer reads, with the task and stop reason it states.
 */
function unwrapEventLog(value: unknown): { value: unknown; task?: string; stopReason?: string; path?: string } {
  if (Array.isArray(value) && hasWrappedAgentChatEvents(value)) {
    const { messages, stopReason } = unwrapAgentChatEvents(value);
    return { value: messages, stopReason };
  }
  if (!isRecord(value) || !Array.isArray(value.events) || !hasWrappedAgentChatEvents(value.events)) return { value };
  const { messages, stopReason } = unwrapAgentChatEvents(value.events);
  const task = typeof value.task === "string" && value.task.trim() ? value.task : undefined;
  return { value: { messages }, task, stopReason, path: "events" };
}

/** AgentChat messages and events, in order; also used for Magentic-One repr logs. */
export function mapAgentChatMessages(builder: TraceBuilder, messages: readonly unknown[], idPrefix = "m"): void {
  const sources = [
    ...new Set(
      messages
        .filter(isRecord)
        .map((m) => m.source)
        .filter((s): s is string => typeof s === "string"),
    ),
  ];
  // A MagenticOneGroupChat's own entries (`MagenticOne`, `unknown`) are the task giver's, not an agent's.
  const taskGiver = isMagenticOneLog(sources) ? magenticTaskGiver(sources) : undefined;
  // A StopMessage from a source that says nothing else (GraphFlow's `DiGraphStopAgent`, a
  // termination condition) is the harness ending the run: the task giver's entry, not an agent's answer.
  const speaking = new Set(
    messages.flatMap((m) => (isRecord(m) && messageType(m) !== "StopMessage" ? [m.source] : [])),
  );
  const harnessOwner = taskGiver ?? sources.find(isTaskGiverName) ?? "user";
  const speaker = (raw: Record<string, unknown>) => {
    if (typeof raw.source !== "string") return raw;
    if (taskGiver && isMagenticHarness(raw.source)) return { ...raw, source: taskGiver };
    if (messageType(raw) === "StopMessage" && !speaking.has(raw.source))
      return { ...raw, source: harnessOwner, stop_source: raw.source };
    return raw;
  };
  // A run_stream() dump ends with the TaskResult itself, whose messages repeat the stream: only
  // items with a source are messages.
  const steps = messages.map((raw, i) =>
    isRecord(raw) && typeof raw.source === "string"
      ? mapAgentChatMessage(speaker(raw), i, sources, idPrefix)
      : undefined,
  );
  // Magentic-One's code executor answers with the raw output of the code it was handed: a program result.
  if (taskGiver) {
    const executors = magenticExecutors(
      steps.flatMap((s) => (s && s.agent === MAGENTIC_ONE_ORCHESTRATOR ? [s.content ?? ""] : [])),
    );
    for (const step of steps)
      if (step && step.kind === "message" && executors.has(step.agent)) {
        step.kind = "tool_result";
        step.tool = { name: "code_execution", result: step.content ?? "" };
      }
  }
  markOrchestratorDelegations(steps, (agent) => agent === MAGENTIC_ONE_ORCHESTRATOR, isTaskGiverName);
  steps.forEach((step, i) => {
    if (!step) return builder.warn(`messages[${i}] is not an AgentChat message (no source); skipped`);
    if (isTaskGiverName(step.agent)) registerTaskGiver(builder, step.agent);
    builder.step(step);
    if (step.target && !isTaskGiverName(step.target)) builder.agent(step.target);
    else if (step.target) registerTaskGiver(builder, step.target);
  });
}

/** Type of an AgentChat message: its `type` field, else the class name a repr carried. */
function messageType(raw: Record<string, unknown>): string {
  if (typeof raw.type === "string") return raw.type;
  if (typeof raw[PY_CLASS] === "string") return raw[PY_CLASS] as string;
  return "TextMessage";
}

export function mapAgentChatMessage(
  raw: Record<string, unknown>,
  i: number,
  sources: readonly string[],
  idPrefix = "m",
): TStepInput {
  const type = messageType(raw);
  const step: TStepInput = {
    id: `${idPrefix}${i}`,
    sourceRef: String(i),
    agent: toText(raw.source) || "unknown",
    kind: "message",
    name: type,
    content: contentText(raw.content),
  };
  const attributes: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!MAPPED.has(k)) attributes[k] = v;
  const usage = isRecord(raw.models_usage) ? raw.models_usage : undefined;
  if (usage) step.tokens = tokens(usage.prompt_tokens, usage.completion_tokens);
  const created = typeof raw.created_at === "string" ? raw.created_at : pyDatetimeToIso(raw.created_at as PyValue);
  if (created && !Number.isNaN(Date.parse(created))) step.startTime = new Date(created).toISOString();
  const calls = Array.isArray(raw.content) ? raw.content.filter(isRecord) : [];
  switch (type) {
    case "HandoffMessage":
      step.kind = "delegate";
      if (typeof raw.target === "string") step.target = raw.target;
      break;
    case "ToolCallRequestEvent": {
      step.kind = "tool_call";
      step.tool = {
        name: toText(calls[0]?.name) || "tool",
        arguments:
          calls.length === 1
            ? calls[0].arguments
            : calls.map((c) => ({ name: c.name, arguments: c.arguments, id: c.id })),
      };
      const target = calls.map((c) => transferTarget(c.name, sources)).find((t) => t !== undefined);
      if (target) step.target = target;
      break;
    }
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
      // The harness's stop notice (`stop_source`, see mapAgentChatMessages) is a message, not an answer.
      step.kind = "stop_source" in raw ? "message" : "final";
      break;
    case "ToolCallSummaryMessage":
      step.kind = "tool_result";
      break;
  }
  if (Object.keys(attributes).length) step.attributes = attributes;
  return markObservation(step);
}

/**
 * Text of a message's content: strings as-is; a multimodal list as its text parts with images as
 * `<image>`; tool call lists as JSON.
 */
function contentText(content: unknown): string {
  if (
    Array.isArray(content) &&
    content.length > 0 &&
    content.every(
      (c) => typeof c === "string" || (isRecord(c) && c[PY_CLASS] === "Image") || (isRecord(c) && isImagePart(c)),
    )
  ) {
    return content.map((c) => (typeof c === "string" ? c : "<image>")).join("\n");
  }
  if (Array.isArray(content)) return toText(content.map(stripReprMarkers));
  return toText(content);
}

function isImagePart(c: Record<string, unknown>): boolean {
  return typeof c.data === "string" && Object.keys(c).length <= 2;
}

/** Drops the `__class__` marker a repr-parsed object carries, so JSON text matches `model_dump()`. */
function stripReprMarkers(value: unknown): unknown {
  if (!isRecord(value) || !(PY_CLASS in value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k !== PY_CLASS && k !== PY_ARGS) out[k] = v;
  return out;
}

export function tokens(input: unknown, output: unknown): TStepInput["tokens"] {
  const t: NonNullable<TStepInput["tokens"]> = {};
  if (typeof input === "number" && Number.isInteger(input) && input >= 0) t.input = input;
  if (typeof output === "number" && Number.isInteger(output) && output >= 0) t.output = output;
  if (t.input !== undefined && t.output !== undefined) t.total = t.input + t.output;
  return Object.keys(t).length ? t : undefined;
}

export { isCoreMessage };
