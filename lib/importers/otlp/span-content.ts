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

const DEPRECATED_INPUT_EVENTS = new Set([
  "gen_ai.system.message",
  "gen_ai.user.message",
  "gen_ai.assistant.message",
  "gen_ai.tool.message",
]);

/**
 * Extracts a span's payload, preferring readable message lists over raw request/response JSON:
 * GenAI content attributes, OpenInference flattened messages, legacy OpenLLMetry prompts,
 * `input.value`/`output.value`, Traceloop entity I/O, and the (deprecated) GenAI message events.
 */
export function spanPayload(span: DecodedSpan, isTool: boolean): SpanPayload {
  const a = span.attributes;
  const consumed: string[] = [];
  const prefixes = messagePrefixes(a);

  let input = renderMessages(a["gen_ai.input.messages"]);
  if (input === undefined && prefixes & OI_INPUT) input = renderFlattenedMessages(a, "llm.input_messages.");
  if (input === undefined && prefixes & PROMPT) input = renderIndexedPrompt(a, "gen_ai.prompt.");
  input ??=
    take(a, "input.value", consumed) ??
    take(a, "traceloop.entity.input", consumed) ??
    (isTool ? take(a, "gen_ai.tool.call.arguments", consumed) : undefined);
  let content = renderMessages(a["gen_ai.output.messages"]);
  if (content === undefined && prefixes & OI_OUTPUT) content = renderFlattenedMessages(a, "llm.output_messages.");
  if (content === undefined && prefixes & COMPLETION) content = renderIndexedPrompt(a, "gen_ai.completion.");
  content ??=
    take(a, "output.value", consumed) ??
    take(a, "traceloop.entity.output", consumed) ??
    take(a, "gen_ai.tool.call.result", consumed);

  // Deprecated per-message events and the current inference-details event.
  if (span.events.length) {
    const inputs: string[] = [];
    const outputs: string[] = [];
    for (const ev of span.events) {
      if (DEPRECATED_INPUT_EVENTS.has(ev.name))
        inputs.push(
          `${ev.name.slice(7, -8)}: ${renderMessages(ev.attributes.content ?? ev.attributes["gen_ai.event.content"]) ?? ""}`,
        );
      else if (ev.name === "gen_ai.choice")
        outputs.push(renderMessages(ev.attributes.message ?? ev.attributes.content ?? ev.attributes) ?? "");
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

  return {
    input,
    content: content ?? "",
    tokens: spanTokens(a),
    costUsd: cost(a["llm.cost.total"]),
    tool: isTool ? spanTool(span, input, content) : undefined,
    error: spanError(span),
    consumed,
  };
}

/** Moves an attribute verbatim into a field: its text, and its key recorded as consumed. */
function take(a: Record<string, unknown>, key: string, consumed: string[]): string | undefined {
  const v = a[key];
  if (v === undefined || v === null) return undefined;
  consumed.push(key);
  return toText(v);
}

const OI_INPUT = 1;
const OI_OUTPUT = 2;
const PROMPT = 4;
const COMPLETION = 8;

/**
 * Which flattened message families the span carries, found in one pass over its keys, so the
 * renderers that walk or probe keys only run on spans that have them.
 */
function messagePrefixes(a: Record<string, unknown>): number {
  let found = 0;
  for (const key in a) {
    const c = key.charCodeAt(0);
    if (c === 108 /* l */) {
      if (key.startsWith("llm.input_messages.")) found |= OI_INPUT;
      else if (key.startsWith("llm.output_messages.")) found |= OI_OUTPUT;
    } else if (c === 103 /* g */) {
      if (key.startsWith("gen_ai.prompt.")) found |= PROMPT;
      else if (key.startsWith("gen_ai.completion.")) found |= COMPLETION;
    }
  }
  return found;
}

function spanTokens(a: Record<string, unknown>): TStepInput["tokens"] {
  const input = int(
    a["gen_ai.usage.input_tokens"] ??
      a["gen_ai.usage.prompt_tokens"] ??
      a["llm.token_count.prompt"] ??
      a["llm.usage.prompt_tokens"],
  );
  const output = int(
    a["gen_ai.usage.output_tokens"] ??
      a["gen_ai.usage.completion_tokens"] ??
      a["llm.token_count.completion"] ??
      a["llm.usage.completion_tokens"],
  );
  let total = int(a["gen_ai.usage.total_tokens"] ?? a["llm.token_count.total"] ?? a["llm.usage.total_tokens"]);
  if (total === undefined && input !== undefined && output !== undefined) total = input + output;
  if (input === undefined && output === undefined && total === undefined) return undefined;
  const t: NonNullable<TStepInput["tokens"]> = {};
  if (input !== undefined) t.input = input;
  if (output !== undefined) t.output = output;
  if (total !== undefined) t.total = total;
  return t;
}

/**
 * A tool span's own input and output are the call's arguments and the tool's result when no
 * attribute names them (Langfuse TOOL observations, OpenInference TOOL spans): its output is data
 * the tool returned, never a statement of the agent that called it.
 */
function spanTool(span: DecodedSpan, input: string | undefined, output: string | undefined): TStepInput["tool"] {
  const a = span.attributes;
  const name =
    toText(a["gen_ai.tool.name"] ?? a["tool.name"] ?? a["tool_call.function.name"] ?? a["ai.toolCall.name"]) ||
    span.name.replace(/^execute_tool\s+/, "") ||
    "tool";
  // OpenInference's `tool.parameters` is the tool's parameter schema, not the call: only a span that
  // records no input of its own falls back on it.
  const args =
    a["gen_ai.tool.call.arguments"] ??
    a["tool_call.function.arguments"] ??
    a["ai.toolCall.args"] ??
    (input || undefined) ??
    a["tool.parameters"];
  const result = a["gen_ai.tool.call.result"] ?? a["ai.toolCall.result"] ?? (output || undefined);
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

/** Token counts beyond a Postgres integer are a broken exporter, not a real run: clamped, so one bad span cannot refuse the whole trace. */
const MAX_COUNT = 2_147_483_647;

function int(v: unknown): number | undefined {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_COUNT) : undefined;
}

function cost(v: unknown): number | undefined {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? n : undefined;
}
