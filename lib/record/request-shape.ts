import { createHash } from "node:crypto";
import { arr, obj, str, type Json, type LlmApi } from "./llm-api";

/**
 * The content of a request that decides its answer: API, model, the messages (text whitespace-
 * normalized, tool calls and results), the tools offered and, for the Responses API, the previous
 * response. Transport details (stream, user, metadata, sampling knobs) are left out, so a replayed
 * run that asks the same question of the same model matches its recorded call.
 */
export function requestShape(api: LlmApi, body: Json): string {
  const messages = api.inputMessages(body).map((m) => ({
    role: m.role,
    parts: m.parts.map((p) =>
      p.type === "text"
        ? { t: p.content.replace(/\s+/g, " ").trim() }
        : p.type === "tool_call"
          ? { c: p.name, a: p.arguments }
          : { r: p.result },
    ),
  }));
  const tools = arr(body.tools)
    .map((t) => str(obj(t).name) ?? str(obj(obj(t).function).name) ?? str(obj(t).type) ?? "")
    .sort();
  const shape = {
    api: api.kind,
    model: str(body.model) ?? "",
    messages,
    tools,
    previous: str(body.previous_response_id) ?? "",
  };
  return createHash("sha256").update(JSON.stringify(shape)).digest("hex");
}
