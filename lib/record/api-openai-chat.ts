/** OpenAI chat completions (`POST /v1/chat/completions`), also spoken by most compatible servers. */
import {
  arr,
  contentText,
  num,
  obj,
  parseArgs,
  str,
  textMessage,
  type GenAiMessage,
  type Json,
  type LlmApi,
} from "./llm-api";
import { jsonOrUndefined, sseBlock, type SseEvent } from "./sse";

function messageOf(m: Json): GenAiMessage {
  const role = str(m.role) ?? "user";
  if (role === "tool")
    return { role, parts: [{ type: "tool_call_response", id: str(m.tool_call_id), result: contentText(m.content) }] };
  const msg = textMessage(role, contentText(m.content));
  for (const call of arr(m.tool_calls)) {
    const fn = obj(obj(call).function);
    msg.parts.push({
      type: "tool_call",
      id: str(obj(call).id),
      name: str(fn.name) ?? "tool",
      arguments: parseArgs(fn.arguments),
    });
  }
  return msg;
}

export const openAiChat: LlmApi = {
  kind: "openai.chat",
  provider: "openai",
  endpoint: "/chat/completions",
  systemPrompt(body) {
    const m = arr(body.messages)
      .map(obj)
      .find((x) => x.role === "system" || x.role === "developer");
    return m ? contentText(m.content) : undefined;
  },
  inputMessages: (body) => arr(body.messages).map((m) => messageOf(obj(m))),
  outputMessages(response) {
    const out: GenAiMessage[] = [];
    for (const c of arr(response.choices)) out.push(messageOf({ role: "assistant", ...obj(obj(c).message) }));
    return out;
  },
  usage: (response) => ({
    input: num(obj(response.usage).prompt_tokens),
    output: num(obj(response.usage).completion_tokens),
  }),
  assembleStream(events: SseEvent[]) {
    let head: Json | undefined;
    let usage: unknown;
    const choices = new Map<
      number,
      {
        role: string;
        content: string;
        toolCalls: Map<number, { id?: string; name: string; arguments: string }>;
        finish: unknown;
      }
    >();
    for (const e of events) {
      if (e.data.trim() === "[DONE]") continue;
      const chunk = jsonOrUndefined(e.data);
      if (!chunk) continue;
      head ??= chunk;
      if (chunk.usage) usage = chunk.usage;
      for (const c of arr(chunk.choices).map(obj)) {
        const index = num(c.index) ?? 0;
        const acc = choices.get(index) ?? { role: "assistant", content: "", toolCalls: new Map(), finish: null };
        choices.set(index, acc);
        const delta = obj(c.delta);
        if (typeof delta.role === "string") acc.role = delta.role;
        if (typeof delta.content === "string") acc.content += delta.content;
        for (const t of arr(delta.tool_calls).map(obj)) {
          const ti = num(t.index) ?? 0;
          const call = acc.toolCalls.get(ti) ?? { name: "", arguments: "" };
          acc.toolCalls.set(ti, call);
          if (typeof t.id === "string") call.id = t.id;
          const fn = obj(t.function);
          if (typeof fn.name === "string") call.name += fn.name;
          if (typeof fn.arguments === "string") call.arguments += fn.arguments;
        }
        if (c.finish_reason !== undefined && c.finish_reason !== null) acc.finish = c.finish_reason;
      }
    }
    if (!head) return undefined;
    return {
      id: head.id,
      object: "chat.completion",
      created: head.created,
      model: head.model,
      choices: [...choices.entries()].map(([index, c]) => ({
        index,
        message: {
          role: c.role,
          content: c.content || (c.toolCalls.size ? null : ""),
          ...(c.toolCalls.size
            ? {
                tool_calls: [...c.toolCalls.values()].map((t) => ({
                  id: t.id,
                  type: "function",
                  function: { name: t.name, arguments: t.arguments },
                })),
              }
            : {}),
        },
        finish_reason: c.finish ?? "stop",
      })),
      ...(usage ? { usage } : {}),
    };
  },
  synthesize: (text, model, id) => ({
    id,
    object: "chat.completion",
    created: 0,
    model,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
  }),
  toSse(response) {
    const base = {
      id: response.id,
      object: "chat.completion.chunk",
      created: response.created ?? 0,
      model: response.model,
    };
    let out = "";
    for (const c of arr(response.choices).map(obj)) {
      const m = obj(c.message);
      const index = num(c.index) ?? 0;
      out += sseBlock({
        ...base,
        choices: [
          {
            index,
            delta: { role: str(m.role) ?? "assistant", content: typeof m.content === "string" ? m.content : "" },
            finish_reason: null,
          },
        ],
      });
      const calls = arr(m.tool_calls).map(obj);
      if (calls.length)
        out += sseBlock({
          ...base,
          choices: [
            {
              index,
              delta: {
                tool_calls: calls.map((t, i) => ({ index: i, id: t.id, type: "function", function: obj(t.function) })),
              },
              finish_reason: null,
            },
          ],
        });
      out += sseBlock({ ...base, choices: [{ index, delta: {}, finish_reason: c.finish_reason ?? "stop" }] });
    }
    if (response.usage) out += sseBlock({ ...base, choices: [], usage: response.usage });
    return out + sseBlock("[DONE]");
  },
};
