import { toText } from "../trace-builder";
import { NOT_SIMPLE, scanTextMessages } from "./scan-text-messages";

/**
 * Renders chat messages as plain text, one `role: text` block per message, from the shapes the
 * conventions use: GenAI `{role, parts:[{type:"text",content}|{type:"tool_call",name,arguments}|
 * {type:"tool_call_response",result}]}`, OpenAI-style `{role, content, tool_calls}`, or strings.
 * Accepts the JSON-string form too (GenAI content attributes are often stringified).
 */
export function renderMessages(value: unknown): string | undefined {
  let v = value;
  if (typeof v === "string") {
    const fast = scanTextMessages(v);
    if (fast !== NOT_SIMPLE) return fast;
    const t = v.trimStart();
    if (!t.startsWith("[") && !t.startsWith("{")) return v;
    try {
      v = JSON.parse(v);
    } catch {
      return value as string;
    }
  }
  const list = Array.isArray(v) ? v : v && typeof v === "object" ? [v] : [];
  const blocks: string[] = [];
  for (const m of list) {
    const block = renderMessage(m);
    if (block) blocks.push(block);
  }
  return blocks.length ? blocks.join("\n\n") : undefined;
}

function renderMessage(m: unknown): string {
  if (typeof m === "string") return m;
  if (!m || typeof m !== "object") return "";
  const msg = m as Record<string, unknown>;
  const role = typeof msg.role === "string" ? msg.role : undefined;
  const pieces: string[] = [];
  if (Array.isArray(msg.parts)) for (const part of msg.parts) pieces.push(renderPart(part));
  if (msg.content !== undefined && msg.content !== null)
    pieces.push(Array.isArray(msg.content) ? msg.content.map(renderPart).join("\n") : toText(msg.content));
  if (msg.message !== undefined && pieces.length === 0) return renderMessage(msg.message); // gen_ai.choice {message}
  if (Array.isArray(msg.tool_calls)) for (const call of msg.tool_calls) pieces.push(renderToolCall(call));
  const body = pieces.filter(Boolean).join("\n");
  // join, not a template: it builds one flat string, so the parsed message text can die young
  // instead of living on inside a rope that the shingle hasher would flatten (copy) later anyway.
  return role ? [role, ": ", body].join("") : body;
}

function renderPart(part: unknown): string {
  if (typeof part === "string") return part;
  if (!part || typeof part !== "object") return "";
  const p = part as Record<string, unknown>;
  if (p.type === "tool_call") return renderToolCall(p);
  if (p.type === "tool_call_response") return toText(p.result ?? p.response);
  if (typeof p.content === "string") return p.content;
  if (typeof p.text === "string") return p.text;
  return toText(p.content ?? "");
}

function renderToolCall(call: unknown): string {
  if (!call || typeof call !== "object") return "";
  const c = call as Record<string, unknown>;
  const fn = (c.function && typeof c.function === "object" ? c.function : c) as Record<string, unknown>;
  return `[tool call ${toText(fn.name)}] ${toText(fn.arguments)}`;
}

/**
 * Rebuilds messages from OpenInference flattened attributes, e.g.
 * `llm.input_messages.0.message.role`, `...message.content`,
 * `...message.contents.1.message_content.text`, `...message.tool_calls.0.tool_call.function.name`.
 */
export function renderFlattenedMessages(attributes: Record<string, unknown>, prefix: string): string | undefined {
  const messages: FlatMessage[] = [];
  let found = false;
  for (const key in attributes) {
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length); // "0.message.content"
    const dot = rest.indexOf(".");
    const index = Number(rest.slice(0, dot));
    if (dot < 0 || !Number.isInteger(index) || index < 0 || index > 100_000) continue;
    const field = rest.slice(dot + 1);
    const msg = (messages[index] ??= { parts: [], calls: new Map() });
    found = true;
    const value = attributes[key];
    if (field === "message.role") msg.role = value;
    else if (field === "message.content") msg.content = value;
    else if (field.startsWith("message.contents.") && field.endsWith(".message_content.text"))
      msg.parts.push(toText(value));
    else if (field.startsWith(TOOL_CALLS) && field.endsWith(".tool_call.function.name"))
      toolCall(msg, field).name = value;
    else if (field.startsWith(TOOL_CALLS) && field.endsWith(".tool_call.function.arguments"))
      toolCall(msg, field).arguments = value;
  }
  if (!found) return undefined;
  const blocks: string[] = [];
  for (const msg of messages) {
    if (!msg) continue;
    const parts = [msg.content !== undefined ? toText(msg.content) : "", ...msg.parts];
    for (const [, call] of [...msg.calls].sort(([a], [b]) => a - b)) {
      if (call.name !== undefined) parts.push(`[tool call ${toText(call.name)}]`);
      if (call.arguments !== undefined) parts.push(toText(call.arguments));
    }
    const body = parts.filter(Boolean).join("\n");
    blocks.push(typeof msg.role === "string" ? `${msg.role}: ${body}` : body);
  }
  return blocks.join("\n\n");
}

const TOOL_CALLS = "message.tool_calls.";

interface FlatMessage {
  role?: unknown;
  content?: unknown;
  parts: string[];
  /**
   * Tool calls by their index: each call's name is written before its arguments whatever order the
   * keys come in (exports that sort attribute keys, as Patronus' does, put `arguments` first).
   */
  calls: Map<number, { name?: unknown; arguments?: unknown }>;
}

function toolCall(msg: FlatMessage, field: string): { name?: unknown; arguments?: unknown } {
  const index = Number(field.slice(TOOL_CALLS.length, field.indexOf(".", TOOL_CALLS.length)));
  const key = Number.isInteger(index) ? index : -1;
  let call = msg.calls.get(key);
  if (!call) msg.calls.set(key, (call = {}));
  return call;
}

/** Legacy OpenLLMetry `gen_ai.prompt.{i}.role/content` and `gen_ai.completion.{i}.*`. */
export function renderIndexedPrompt(attributes: Record<string, unknown>, prefix: string): string | undefined {
  const blocks: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    const content = attributes[`${prefix}${i}.content`];
    const role = attributes[`${prefix}${i}.role`];
    if (content === undefined && role === undefined) break;
    blocks.push(typeof role === "string" ? `${role}: ${toText(content)}` : toText(content));
  }
  return blocks.length ? blocks.join("\n\n") : undefined;
}
