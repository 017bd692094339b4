/** Anthropic Messages API (`POST /v1/messages`). */
import { arr, contentText, num, obj, str, textMessage, type GenAiMessage, type Json, type LlmApi } from "./llm-api";
import { jsonOrUndefined, sseBlock, type SseEvent } from "./sse";

function blocksMessage(role: string, content: unknown): GenAiMessage {
  if (typeof content === "string") return textMessage(role, content);
  const msg: GenAiMessage = { role, parts: [] };
  for (const b of arr(content).map(obj)) {
    if (b.type === "text" && typeof b.text === "string") msg.parts.push({ type: "text", content: b.text });
    else if (b.type === "tool_use")
      msg.parts.push({ type: "tool_call", id: str(b.id), name: str(b.name) ?? "tool", arguments: b.input });
    else if (b.type === "tool_result")
      msg.parts.push({ type: "tool_call_response", id: str(b.tool_use_id), result: contentText(b.content) });
  }
  return msg;
}

export const anthropicMessages: LlmApi = {
  kind: "anthropic.messages",
  provider: "anthropic",
  endpoint: "/messages",
  systemPrompt: (body) => (body.system === undefined ? undefined : contentText(body.system)),
  inputMessages(body) {
    const system = body.system === undefined ? [] : [textMessage("system", contentText(body.system))];
    return [...system, ...arr(body.messages).map((m) => blocksMessage(str(obj(m).role) ?? "user", obj(m).content))];
  },
  outputMessages: (response) => (response.content === undefined ? [] : [blocksMessage("assistant", response.content)]),
  usage: (response) => ({
    input: num(obj(response.usage).input_tokens),
    output: num(obj(response.usage).output_tokens),
  }),
  assembleStream(events: SseEvent[]) {
    let message: Json | undefined;
    const blocks: Json[] = [];
    const partialJson = new Map<number, string>();
    for (const e of events) {
      const ev = jsonOrUndefined(e.data);
      if (!ev) continue;
      const index = num(ev.index) ?? 0;
      if (ev.type === "message_start") message = { ...obj(ev.message) };
      else if (ev.type === "content_block_start") blocks[index] = { ...obj(ev.content_block) };
      else if (ev.type === "content_block_delta") {
        const d = obj(ev.delta);
        const block = (blocks[index] ??= { type: "text", text: "" });
        if (d.type === "text_delta") block.text = (str(block.text) ?? "") + (str(d.text) ?? "");
        else if (d.type === "input_json_delta")
          partialJson.set(index, (partialJson.get(index) ?? "") + (str(d.partial_json) ?? ""));
      } else if (ev.type === "content_block_stop" && partialJson.has(index) && blocks[index]) {
        blocks[index].input = jsonOrUndefined(partialJson.get(index) || "{}") ?? {};
      } else if (ev.type === "message_delta" && message) {
        Object.assign(message, obj(ev.delta));
        message.usage = { ...obj(message.usage), ...obj(ev.usage) };
      }
    }
    return message ? { ...message, content: blocks.filter(Boolean) } : undefined;
  },
  synthesize: (text, model, id) => ({
    id,
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  }),
  toSse(response) {
    let out = sseBlock(
      {
        type: "message_start",
        message: { ...response, content: [], stop_reason: null, usage: { ...obj(response.usage), output_tokens: 0 } },
      },
      "message_start",
    );
    arr(response.content).forEach((raw, index) => {
      const b = obj(raw);
      if (b.type === "tool_use") {
        out += sseBlock(
          { type: "content_block_start", index, content_block: { ...b, input: {} } },
          "content_block_start",
        );
        out += sseBlock(
          {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: JSON.stringify(b.input ?? {}) },
          },
          "content_block_delta",
        );
      } else {
        out += sseBlock(
          { type: "content_block_start", index, content_block: { type: "text", text: "" } },
          "content_block_start",
        );
        out += sseBlock(
          { type: "content_block_delta", index, delta: { type: "text_delta", text: str(b.text) ?? "" } },
          "content_block_delta",
        );
      }
      out += sseBlock({ type: "content_block_stop", index }, "content_block_stop");
    });
    out += sseBlock(
      {
        type: "message_delta",
        delta: { stop_reason: response.stop_reason ?? "end_turn", stop_sequence: null },
        usage: { output_tokens: num(obj(response.usage).output_tokens) ?? 0 },
      },
      "message_delta",
    );
    return out + sseBlock({ type: "message_stop" }, "message_stop");
  },
};
