import type { LlmApi } from "./llm-api";
import { openAiChat } from "./api-openai-chat";
import { openAiResponses } from "./api-openai-responses";
import { anthropicMessages } from "./api-anthropic-messages";

/**
 * The API a request path speaks. Clients differ on whether the base URL holds `/v1`, so only the
 * path's end is compared. Other paths (models, embeddings, `/responses/{id}`) are passed through
 * to the upstream unrecorded.
 */
export function apiForPath(pathname: string): LlmApi | undefined {
  const p = pathname.replace(/\/+$/, "");
  if (p.endsWith("/chat/completions")) return openAiChat;
  if (p.endsWith("/responses")) return openAiResponses;
  if (p.endsWith("/messages") && !p.endsWith("/threads/messages")) return anthropicMessages;
  return undefined;
}

export function apiForKind(kind: LlmApi["kind"]): LlmApi {
  return kind === "openai.chat" ? openAiChat : kind === "openai.responses" ? openAiResponses : anthropicMessages;
}
