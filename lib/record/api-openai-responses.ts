/** OpenAI Responses API (`POST /v1/responses`), what the OpenAI Agents SDK calls by default. */
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

function itemMessages(items: unknown): GenAiMessage[] {
  if (typeof items === "string") return [textMessage("user", items)];
  const out: GenAiMessage[] = [];
  for (const item of arr(items).map(obj)) {
    const type = str(item.type) ?? "message";
    if (type === "message" || (item.role && item.content !== undefined))
      out.push(textMessage(str(item.role) ?? "user", contentText(item.content)));
    else if (type === "function_call")
      out.push({
        role: "assistant",
        parts: [
          {
            type: "tool_call",
            id: str(item.call_id),
            name: str(item.name) ?? "tool",
            arguments: parseArgs(item.arguments),
          },
        ],
      });
    else if (type === "function_call_output")
      out.push({
        role: "tool",
        parts: [
          {
            type: "tool_call_response",
            id: str(item.call_id),
            result: typeof item.output === "string" ? item.output : contentText(item.output),
          },
        ],
      });
    else if (type === "reasoning")
      continue; // opaque to readers of the trace
    else out.push(textMessage("user", JSON.stringify(item)));
  }
  return out;
}

export const openAiResponses: LlmApi = {
  kind: "openai.responses",
  provider: "openai",
  endpoint: "/responses",
  systemPrompt(body) {
    if (typeof body.instructions === "string" && body.instructions) return body.instructions;
    const m = arr(body.input)
      .map(obj)
      .find((x) => x.role === "system" || x.role === "developer");
    return m ? contentText(m.content) : undefined;
  },
  inputMessages(body) {
    const out =
      typeof body.instructions === "string" && body.instructions ? [textMessage("system", body.instructions)] : [];
    return [...out, ...itemMessages(body.input)];
  },
  outputMessages(response) {
    const msg: GenAiMessage = { role: "assistant", parts: [] };
    for (const part of itemMessages(response.output)) msg.parts.push(...part.parts);
    return msg.parts.length ? [msg] : [];
  },
  usage: (response) => ({
    input: num(obj(response.usage).input_tokens),
    output: num(obj(response.usage).output_tokens),
  }),
  assembleStream(events: SseEvent[]) {
    let text = "";
    let head: Json | undefined;
    for (const e of events) {
      const ev = jsonOrUndefined(e.data);
      if (!ev) continue;
      const type = str(ev.type) ?? e.event;
      if (type === "response.completed" || type === "response.incomplete" || type === "response.failed")
        return obj(ev.response);
      if (type === "response.created") head = obj(ev.response);
      if (type === "response.output_text.delta" && typeof ev.delta === "string") text += ev.delta;
    }
    // A stream cut before its final event: keep what was said.
    return head
      ? {
          ...head,
          status: "incomplete",
          output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] }],
        }
      : undefined;
  },
  synthesize: (text, model, id) => ({
    id,
    object: "response",
    created_at: 0,
    status: "completed",
    model,
    output: [
      {
        type: "message",
        id: `msg_${id}`,
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text, annotations: [] }],
      },
    ],
    usage: { input_tokens: 0, output_tokens: 0, total_tokens: 0 },
  }),
  toSse(response) {
    let seq = 0;
    let out = "";
    const emit = (type: string, fields: Json) => (out += sseBlock({ type, sequence_number: seq++, ...fields }, type));
    emit("response.created", { response: { ...response, status: "in_progress", output: [] } });
    arr(response.output).forEach((raw, outputIndex) => {
      const item = obj(raw);
      if (item.type === "message") {
        emit("response.output_item.added", {
          output_index: outputIndex,
          item: { ...item, status: "in_progress", content: [] },
        });
        arr(item.content).forEach((p, contentIndex) => {
          const part = obj(p);
          const text = str(part.text) ?? "";
          const ids = { item_id: item.id, output_index: outputIndex, content_index: contentIndex };
          emit("response.content_part.added", { ...ids, part: { ...part, text: "" } });
          if (part.type === "output_text") {
            emit("response.output_text.delta", { ...ids, delta: text });
            emit("response.output_text.done", { ...ids, text });
          }
          emit("response.content_part.done", { ...ids, part });
        });
      } else if (item.type === "function_call") {
        emit("response.output_item.added", {
          output_index: outputIndex,
          item: { ...item, status: "in_progress", arguments: "" },
        });
        emit("response.function_call_arguments.delta", {
          item_id: item.id,
          output_index: outputIndex,
          delta: str(item.arguments) ?? "",
        });
        emit("response.function_call_arguments.done", {
          item_id: item.id,
          output_index: outputIndex,
          arguments: str(item.arguments) ?? "",
        });
      } else emit("response.output_item.added", { output_index: outputIndex, item });
      emit("response.output_item.done", { output_index: outputIndex, item });
    });
    emit("response.completed", { response });
    return out;
  },
};
