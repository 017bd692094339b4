import type { TStepInput, TTraceInput } from "../../trace/schema";
import { TraceInputError } from "../../trace/errors";
import { TraceBuilder, isRecord, toText } from "../trace-builder";
import { registerTaskGiver } from "./task-giver";
import { INSTRUCTIONS } from "../../trace/canonical-attributes";
import { recordVerdict } from "./record-verdict";

/** Roles of the OpenAI chat format (and everything that copies it). */
const CHAT_ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);
const LIST_KEYS = ["messages", "history", "chat_history", "conversation"] as const;
const TASK_GIVER = "user";

/**
 * A plain chat transcript: messages with only the standard roles, and at most one assistant
 * name, i.e. one agent talking with whoever gave it the task (a person or a test harness).
 * Multi-agent logs that reuse `role` for agent names, or name several assistants, are not this.
 */
export function isChatTranscript(list: unknown): list is Record<string, unknown>[] {
  if (!Array.isArray(list) || list.length === 0) return false;
  const assistantNames = new Set<string>();
  let assistant = false;
  for (const m of list) {
    if (!isRecord(m) || typeof m.role !== "string" || !CHAT_ROLES.has(m.role)) return false;
    if (!("content" in m) && !Array.isArray(m.tool_calls) && !isRecord(m.function_call)) return false;
    if ("source" in m) return false;
    const name = typeof m.name === "string" && m.name.trim() ? m.name.trim() : undefined;
    if (m.role === "assistant") {
      assistant = true;
      if (name) assistantNames.add(name);
    } else if (name && (m.role === "user" || m.role === "system")) return false; // a named user is an agent in a group chat
  }
  return assistant && assistantNames.size <= 1;
}

/** The message list of a transcript file: the bare array or `{messages|history|chat_history|conversation}`. */
export function transcriptMessages(value: unknown): { messages: Record<string, unknown>[]; key: string } | undefined {
  if (isChatTranscript(value)) return { messages: value, key: "(root)" };
  if (!isRecord(value)) return undefined;
  for (const key of LIST_KEYS)
    if (isChatTranscript(value[key])) return { messages: value[key] as Record<string, unknown>[], key };
  return undefined;
}

/**
 * Maps a single-agent chat transcript — `[{role, content}]`, or OpenAI `messages` with
 * `tool_calls` on assistant turns and `tool`/`function` replies — to one agent plus the task giver.
 * System/developer prompts describe the agent; user turns are the task giver's (never a culprit);
 * each tool call is a tool step of its caller (the agent, or the user where it calls tools of its
 * own, as in dual-control runs), and each tool reply is a tool result of whoever made the call it
 * answers (by `tool_call_id`). The outcome is unknown unless the record carries an evaluation's
 * verdict (`is_correct`, record-verdict.ts): a transcript does not say
 * whether the answer was right. Step ids are `s<index>` (`s<index>.<k>` for the k-th tool call).
 */
export function importChatTranscript(value: unknown): TTraceInput {
  const found = transcriptMessages(value);
  if (!found) {
    throw new TraceInputError(
      "schema",
      "Not a chat transcript: expected [{role, content}] (roles system/user/assistant/tool) or {messages: [...]} with one assistant",
      {
        issues: [
          {
            path: "messages",
            message: "no list of {role, content} messages with standard roles and at most one assistant name",
          },
        ],
      },
    );
  }
  const { messages, key } = found;
  const agentName =
    messages.map((m) => (m.role === "assistant" && typeof m.name === "string" ? m.name.trim() : "")).find(Boolean) ??
    "assistant";
  const builder = new TraceBuilder();
  registerTaskGiver(builder, TASK_GIVER);
  const agent = builder.agent(agentName);
  const callTool = new Map<string, string>();
  // Who made each call: a reply belongs to its caller, the user too where it works tools of its own.
  const callAgent = new Map<string, string>();
  let lastCallTool: string | undefined;
  let lastCaller = agent;
  messages.forEach((m, i) => {
    const role = m.role as string;
    const content = messageText(m.content);
    const base = { sourceRef: String(i), name: role };
    if (role === "system" || role === "developer") {
      builder.agent(agent, { description: content });
      builder.step({
        ...base,
        id: `s${i}`,
        agent: TASK_GIVER,
        kind: "message",
        content,
        attributes: { role, [INSTRUCTIONS]: true },
      });
      return;
    }
    const calls = Array.isArray(m.tool_calls)
      ? m.tool_calls.filter(isRecord)
      : isRecord(m.function_call)
        ? [{ function: m.function_call }]
        : [];
    if (role === "user" && calls.length === 0) {
      builder.step({ ...base, id: `s${i}`, agent: TASK_GIVER, kind: "message", content });
      return;
    }
    if (role === "tool" || role === "function") {
      const callId = typeof m.tool_call_id === "string" ? m.tool_call_id : undefined;
      const tool = (callId && callTool.get(callId)) || (typeof m.name === "string" && m.name) || lastCallTool || "tool";
      builder.step({
        ...base,
        id: `s${i}`,
        agent: (callId && callAgent.get(callId)) || (callId ? agent : lastCaller),
        kind: "tool_result",
        content,
        tool: { name: tool, result: content },
        attributes: callId ? { tool_call_id: callId } : undefined,
      });
      return;
    }
    if (calls.length === 0) {
      builder.step({ ...base, id: `s${i}`, agent, kind: "message", content });
      return;
    }
    // In a dual-control run the user works tools too (a device it checks): its calls are its own steps.
    const caller = role === "user" ? TASK_GIVER : agent;
    lastCaller = caller;
    calls.forEach((call, k) => {
      const fn = isRecord(call.function) ? call.function : call;
      const name = typeof fn.name === "string" && fn.name ? fn.name : "tool";
      if (typeof call.id === "string") {
        callTool.set(call.id, name);
        callAgent.set(call.id, caller);
      }
      lastCallTool = name;
      const step: TStepInput = {
        ...base,
        id: k === 0 ? `s${i}` : `s${i}.${k + 1}`,
        agent: caller,
        kind: "tool_call",
        content: k === 0 ? content : "",
        tool: { name, arguments: fn.arguments },
      };
      if (typeof call.id === "string") step.attributes = { tool_call_id: call.id };
      builder.step(step);
    });
  });
  const task = messages.find((m) => m.role === "user");
  const answer = [...builder.steps].reverse().find((s) => s.agent === agent && s.kind === "message" && s.content);
  const attributes: Record<string, unknown> = {};
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (k !== key) attributes[k] = v;
  const { outcome, groundTruth } = recordVerdict(value);
  return builder.build({
    task: task ? messageText(task.content) : undefined,
    system: "chat",
    finalAnswer: answer?.content || undefined,
    outcome,
    ...(groundTruth !== undefined ? { groundTruth } : {}),
    sourceFormat: "chat",
    attributes: Object.keys(attributes).length ? attributes : undefined,
  });
}

/** Message text: a string, or the text parts of an OpenAI content-part list. */
function messageText(content: unknown): string {
  if (Array.isArray(content)) {
    const parts = content.map((p) =>
      typeof p === "string"
        ? p
        : isRecord(p) && typeof p.text === "string"
          ? p.text
          : isRecord(p) && typeof p.type === "string" && p.type.includes("image")
            ? "<image>"
            : toText(p),
    );
    return parts.join("\n");
  }
  return toText(content);
}
