import { TRACE_SCHEMA_VERSION } from "../trace/schema";
import type { ImportFormat } from "./formats";
import { isRecord } from "./trace-builder";
import { isAgentChatMessage, isAutogenState, isCoreMessage } from "./chat/autogen-state";
import { isChatTranscript } from "./chat/import-chat-transcript";
import { isLangSmithBatch } from "./langsmith/merge-ingest-batch";
import { isSdkSpan } from "./otel-sdk-dump/sdk-span-shape";
import { isRowList } from "./otel-sdk-dump/span-records";
import {
  isAgentsSdkSpan,
  isAgentsSdkTrace,
  looksLikeAgentsSdkExport,
  unwrapAgentsSdkItem,
} from "./openai-agents/agents-sdk-items";
import { isAgentOpsExport } from "./agentops/import-agentops";
import { hasWrappedAgentChatEvents } from "./chat/agentchat-events";
import { isAtifBundle, isAtifTrajectory } from "./atif/atif-shape";
import { printedChatMeta } from "./chat/printed/printed-chat";
import { chatDevLogOf } from "./chatdev/read-chatdev-log";

/** Keys only a Who&When record carries (besides `history`). */
const WHO_AND_WHEN_KEYS = [
  "mistake_agent",
  "mistake_step",
  "mistake_reason",
  "question_ID",
  "is_correct",
  "is_corrected",
];
const CHAT_LIST_KEYS = ["history", "messages", "chat_history"] as const;
// A plain transcript is checked before AG2: `[{role, content}]` with standard roles and one assistant is one agent and its task giver, not a group chat.

/**
 * Guesses the format of a parsed JSON value from its shape alone (no file names), checking the
 * most specific signatures first. Returns `undefined` when nothing matches.
 */
export function detectFormat(value: unknown): ImportFormat | undefined {
  if (Array.isArray(value)) return detectArray(value);
  if (!isRecord(value)) return undefined;
  // A chat AutoGen printed, read back by parseInputText: its importer is known.
  const printed = printedChatMeta(value);
  if (printed) return printed.form === "ag2-print" ? "ag2" : "autogen";
  // A ChatDev `.log`, read back by parseInputText.
  if (chatDevLogOf(value)) return "chatdev";
  if (typeof value.schema === "string" && value.schema.startsWith(TRACE_SCHEMA_VERSION.split("/")[0])) return "culprit";
  if (Array.isArray(value.resourceSpans)) return "otlp";
  if (isAtifTrajectory(value)) return "atif";
  if (isSdkSpan(value)) return "otel-sdk";
  if (isAgentOpsExport(value)) return "agentops";
  // ClickHouse span rows under spans/rows/data (its FORMAT JSON output; Patronus' {trace_id, spans}).
  if (isRowList(value)) return "otel-sdk";
  if (looksLikeAgentsSdkExport(value)) return "openai-agents";
  if (isRecord(value.trace) && Array.isArray(value.observations)) return "langfuse";
  if (Array.isArray(value.observations) && value.observations.some(isLangfuseObservation)) return "langfuse";
  if (Array.isArray(value.runs) && value.runs.some(isLangSmithRun)) return "langsmith";
  if (isLangSmithRun(value)) return "langsmith";
  if (isLangSmithBatch(value)) return "langsmith";
  if (Array.isArray(value.history) && WHO_AND_WHEN_KEYS.some((key) => key in value)) return "who-and-when";
  if (Array.isArray(value.messages) && (value.messages.some(isAgentChatMessage) || value.messages.some(isCoreMessage)))
    return "autogen";
  if (isAutogenState(value)) return "autogen";
  if (hasWrappedAgentChatEvents(value.events)) return "autogen";
  for (const key of CHAT_LIST_KEYS) if (isChatTranscript(value[key])) return "chat";
  for (const key of CHAT_LIST_KEYS) {
    const list = value[key];
    if (Array.isArray(list) && list.length > 0 && list.every(isAg2Message)) return "ag2";
  }
  return undefined;
}

function detectArray(items: unknown[]): ImportFormat | undefined {
  const first = items.find(isRecord);
  if (!first) return undefined;
  if (Array.isArray(first.resourceSpans)) return "otlp";
  if (isAtifBundle(items)) return "atif";
  if (isSdkSpan(first) || isRowList(first)) return "otel-sdk";
  if (isAgentsSdkRecord(first)) return "openai-agents";
  if (isRecord(first.trace) && Array.isArray(first.observations)) return "langfuse";
  if (items.some(isLangSmithRun)) return "langsmith";
  if (items.some(isAgentChatMessage) || items.some(isCoreMessage) || hasWrappedAgentChatEvents(items)) return "autogen";
  if (isChatTranscript(items)) return "chat";
  if (items.every(isAg2Message)) return "ag2";
  if (items.every(isLangfuseObservation)) return "langfuse";
  return undefined;
}

function isLangfuseObservation(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.type === "string" &&
    ("traceId" in value || "parentObservationId" in value) &&
    "startTime" in value
  );
}

/** A LangSmith run: has `run_type`, or a `dotted_order`, or both a run id and `child_runs`. */
function isLangSmithRun(value: unknown): boolean {
  if (!isRecord(value)) return false;
  if (typeof value.run_type === "string") return true;
  if (typeof value.dotted_order === "string") return true;
  return (typeof value.id === "string" || typeof value.run_id === "string") && Array.isArray(value.child_runs);
}

/** AG2 / AutoGen 0.2 chat message: `{role or name, content}`. */
function isAg2Message(value: unknown): boolean {
  return (
    isRecord(value) &&
    (typeof value.role === "string" || typeof value.name === "string") &&
    "content" in value &&
    !("source" in value)
  );
}

/** OpenAI Agents SDK export record (a boolean, not a type guard, so `first` keeps its type). */
function isAgentsSdkRecord(value: unknown): boolean {
  const item = unwrapAgentsSdkItem(value);
  return isAgentsSdkSpan(item) || isAgentsSdkTrace(item);
}
