/**
 * `culprit fix`: the instruction appended to an agent's system prompt on its way upstream. The
 * child still sends its own prompt (so the agent is recognised as in the recording); only the
 * request the model sees carries the instruction. An agent without a system prompt gets one.
 */
import { arr, obj, type Json, type LlmApi } from "./llm-api";

const SEPARATOR = "\n\n";

function appendToContent(content: unknown, text: string): unknown {
  if (typeof content === "string") return content ? `${content}${SEPARATOR}${text}` : text;
  if (Array.isArray(content)) return [...content, { type: "text", text }];
  return text;
}

/** Appends to the first system or developer message of a message list, or puts one first. */
function inMessages(messages: unknown[], text: string): unknown[] {
  const i = messages.findIndex((m) => obj(m).role === "system" || obj(m).role === "developer");
  if (i < 0) return [{ role: "system", content: text }, ...messages];
  const out = [...messages];
  out[i] = { ...obj(messages[i]), content: appendToContent(obj(messages[i]).content, text) };
  return out;
}

export function appendInstruction(api: LlmApi, body: Json, text: string): Json {
  if (api.kind === "openai.chat") return { ...body, messages: inMessages(arr(body.messages), text) };
  if (api.kind === "anthropic.messages") {
    const system = body.system;
    return {
      ...body,
      system: Array.isArray(system) ? [...system, { type: "text", text }] : appendToContent(system, text),
    };
  }
  // Responses: `instructions`, else a system message in `input`, else new `instructions`.
  if (typeof body.instructions === "string" && body.instructions)
    return { ...body, instructions: `${body.instructions}${SEPARATOR}${text}` };
  const input = arr(body.input);
  if (input.some((m) => obj(m).role === "system" || obj(m).role === "developer"))
    return { ...body, input: inMessages(input, text) };
  return { ...body, instructions: text };
}
