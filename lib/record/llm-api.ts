/**
 * What the proxy needs to know about each LLM API it understands: where the system prompt is, the
 * conversation as GenAI messages (for the OTLP trace), usage, how a stream assembles into the
 * non-streaming body, and how to answer with a given text (replace/drop) streamed or not.
 */
import type { SseEvent } from "./sse";

export type ApiKind = "openai.chat" | "openai.responses" | "anthropic.messages";

export type GenAiPart =
  | { type: "text"; content: string }
  | { type: "tool_call"; id?: string; name: string; arguments: unknown }
  | { type: "tool_call_response"; id?: string; result: unknown };
export interface GenAiMessage {
  role: string;
  parts: GenAiPart[];
}

export type Json = Record<string, unknown>;

export interface LlmApi {
  kind: ApiKind;
  provider: "openai" | "anthropic";
  /** The endpoint under the API root (`/chat/completions`). */
  endpoint: string;
  systemPrompt(body: Json): string | undefined;
  inputMessages(body: Json): GenAiMessage[];
  outputMessages(response: Json): GenAiMessage[];
  usage(response: Json): { input?: number; output?: number };
  /** The non-streaming body a stream amounts to, or undefined when the stream holds none. */
  assembleStream(events: SseEvent[]): Json | undefined;
  /** A complete answer whose only output is `text` (what `replace` and `drop` return). */
  synthesize(text: string, model: string, id: string): Json;
  /** The body as this API's event stream. */
  toSse(response: Json): string;
}

export const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined;

/** Text of a message content: a string, or the text parts of a part list (input_text, output_text, text). */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return arr(content)
    .map((p) =>
      typeof p === "string"
        ? p
        : (str(obj(p).text) ?? (typeof obj(p).content === "string" ? (obj(p).content as string) : "")),
    )
    .filter(Boolean)
    .join("\n");
}

export function parseArgs(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

export function textMessage(role: string, text: string): GenAiMessage {
  return { role, parts: text ? [{ type: "text", content: text }] : [] };
}
