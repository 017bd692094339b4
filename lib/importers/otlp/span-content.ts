import type { TStepInput } from "../../trace/schema";
import { toText } from "../trace-builder";
import type { DecodedSpan } from "./decoded-span";
import { renderFlattenedMessages, renderIndexedPrompt, renderMessages } from "./render-messages";

/** What a span says beyond its identity: text in and out, tokens, tool, error. */
export interface SpanPayload {
  input?: string;
  content: string;
  tokens?: TStepInput["tokens"];
  costUsd?: number;
  tool?: TStepInput["tool"];
  error?: TStepInput["error"];
  /** Attribute keys whose value was moved verbatim into a field (dropped from `attributes`). */
  consumed: string[];
}

const DEPRECATED_INPUT_EVENTS = new Set(["gen_ai.system.message", "gen_ai.user.message", "gen_ai.assistant.message", "gen_ai.tool.message"]);

/**
 * Extracts a span's payload, preferring readable message lists over raw request/response JSON:
 * GenAI content attributes, OpenInference flattened messages, legacy OpenLLMetry prompts,
 * `input.value`/`output.value`, Traceloop entity I/O, and the (deprecated) GenAI message events.
 */
export function spanPayload(span: DecodedSpan, isTool: boolean): SpanPayload {
  const a = span.attributes;
  const consumed: string[] = [];
  const take = (key: string): string | undefined => {
    const v = a[key];
    if (v === undefined || v === null) return undefined;
    consumed.push(key);
    return toText(v);
  };

  let input = renderMessages(a["gen_ai.input.messages"]) ?? renderFlattenedMessages(a, "llm.input_messages.") ?? renderIndexedPrompt(a, "gen_ai.prompt.");
  if (input === undefined) input = take("input.value") ?? take("traceloop.entity.input") ?? (isTool ? take("gen_ai.tool.call.arguments") : undefined);
  let content = renderMessages(a["gen_ai.output.messages"]) ?? renderFlattenedMessages(a, "llm.output_messages.") ?? renderIndexedPrompt(a, "gen_ai.completion.");
  if (content === undefined) content = take("output.value") ?? take("traceloop.entity.output") ?? take("gen_ai.tool.call.result");

  // Deprecated per-message events and the current inference-details event.
  if (span.events.length) {
    const inputs: string[] = [];
    const outputs: string[] = [];
    for (const ev of span.events) {
      if (DEPRECATED_INPUT_EVENTS.has(ev.name)) inputs.push(`${ev.name.slice(7, -8)}: ${renderMessages(ev.attributes.content ?? ev.attributes["gen_ai.event.content"]) ?? ""}`);
      else if (ev.name === "gen_ai.choice") outputs.push(renderMessages(ev.attributes.message ?? ev.attributes.content ?? ev.attributes) ?? "");
      else if (ev.name === "gen_ai.client.inference.operation.details") {
        const i = renderMessages(ev.attributes["gen_ai.input.messages"]);
        const o = renderMessages(ev.attributes["gen_ai.output.messages"]);
        if (i) inputs.push(i);
        if (o) outputs.push(o);
      }
    }
    if (input === undefined && inputs.length) input = inputs.join("\n\n");
    if (content === undefined && outputs.length) content = outputs.join("\n\n");
  }

  return { input, content: content ?? "", tokens: spanTokens(a), costUsd: cost(a["llm.cost.total"]), tool: isTool ? spanTool(span) : undefined, error: spanError(span), consumed };
}

function spanTokens(a: Record<string, unknown>): TStepInput["tokens"] {
  const input = int(a["gen_ai.usage.input_tokens"] ?? a["gen_ai.usage.prompt_tokens"] ?? a["llm.token_count.prompt"] ?? a["llm.usage.prompt_tokens"]);
  const output = int(a["gen_ai.usage.output_tokens"] ?? a["gen_ai.usage.completion_tokens"] ?? a["llm.token_count.completion"] ?? a["llm.usage.completion_tokens"]);
  let total = int(a["gen_ai.usage.total_tokens"] ?? a["llm.token_count.total"] ?? a["llm.usage.total_tokens"]);
  if (total === undefined && input !== undefined && output !== undefined) total = input + output;
  if (input === undefined && output === undefined && total === undefined) return undefined;
  const t: NonNullable<TStepInput["tokens"]> = {};
  if (input !== undefined) t.input = input;
  if (output !== undefined) t.output = output;
  if (total !== undefined) t.total = total;
  return t;
}

function spanTool(span: DecodedSpan): TStepInput["tool"] {
  const a = span.attributes;
  const name = toText(a["gen_ai.tool.name"] ?? a["tool.name"] ?? a["tool_call.function.name"] ?? a["ai.toolCall.name"]) || span.name.replace(/^execute_tool\s+/, "") || "tool";
  const args = a["gen_ai.tool.call.arguments"] ?? a["tool_call.function.arguments"] ?? a["ai.toolCall.args"] ?? a["tool.parameters"];
  const result = a["gen_ai.tool.call.result"] ?? a["ai.toolCall.result"];
  const tool: NonNullable<TStepInput["tool"]> = { name: name.slice(0, 1000) };
  if (args !== undefined) tool.arguments = parseMaybeJson(args);
  if (result !== undefined) tool.result = toText(result);
  return tool;
}

/** Error from the span status, `exception` events and `error.type`, in that order of detail. */
export function spanError(span: DecodedSpan): TStepInput["error"] {
  const exception = span.events.find((e) => e.name === "exception");
  const errorType = span.attributes["error.type"];
  if (span.statusCode !== 2 && !exception && errorType === undefined) return undefined;
  const type = toText(exception?.attributes["exception.type"] ?? errorType) || undefined;
  const message = toText(exception?.attributes["exception.message"]) || span.statusMessage || type || "error";
  return type ? { type, message } : { message };
}

function parseMaybeJson(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trimStart();
  if (!t.startsWith("{") && !t.startsWith("[")) return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function int(v: unknown): number | undefined {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;
}

function cost(v: unknown): number | undefined {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : undefined;
}
