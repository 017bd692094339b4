import { describe, expect, it } from "vitest";
import { openAiChat } from "./api-openai-chat";
import { openAiResponses } from "./api-openai-responses";
import { anthropicMessages } from "./api-anthropic-messages";
import { apiForPath } from "./api-for-path";
import { parseSse } from "./sse";
import { upstreamUrl } from "./upstream-url";

describe("LLM APIs: a body streamed by toSse assembles back to the same message", () => {
  it("chat completions, text and tool calls", () => {
    const body = {
      id: "c1",
      object: "chat.completion",
      created: 5,
      model: "m",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "t1", type: "function", function: { name: "search", arguments: '{"q":"x"}' } }],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    };
    const back = openAiChat.assembleStream(parseSse(openAiChat.toSse(body)))!;
    expect(openAiChat.outputMessages(back)).toEqual(openAiChat.outputMessages(body));
    expect(openAiChat.outputMessages(back)[0].parts[0]).toEqual({
      type: "tool_call",
      id: "t1",
      name: "search",
      arguments: { q: "x" },
    });
    expect(openAiChat.usage(back)).toEqual({ input: 3, output: 4 });
  });

  it("responses API, text and function call", () => {
    const body = {
      id: "r1",
      object: "response",
      status: "completed",
      model: "m",
      output: [
        {
          type: "message",
          id: "m1",
          role: "assistant",
          content: [{ type: "output_text", text: "hello", annotations: [] }],
        },
        { type: "function_call", id: "f1", call_id: "call1", name: "add", arguments: '{"a":1}' },
      ],
      usage: { input_tokens: 2, output_tokens: 1, total_tokens: 3 },
    };
    const back = openAiResponses.assembleStream(parseSse(openAiResponses.toSse(body)))!;
    expect(back).toEqual(body);
    expect(openAiResponses.outputMessages(back)[0].parts.map((p) => p.type)).toEqual(["text", "tool_call"]);
  });

  it("anthropic messages, text and tool use", () => {
    const body = {
      id: "a1",
      type: "message",
      role: "assistant",
      model: "claude",
      content: [
        { type: "text", text: "Let me look." },
        { type: "tool_use", id: "tu1", name: "lookup", input: { k: "v" } },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 9, output_tokens: 6 },
    };
    const back = anthropicMessages.assembleStream(parseSse(anthropicMessages.toSse(body)))!;
    expect(back.content).toEqual(body.content);
    expect(back.stop_reason).toBe("tool_use");
    expect(anthropicMessages.usage(back)).toEqual({ input: 9, output: 6 });
  });

  it("system prompts: chat system/developer message, responses instructions, anthropic system blocks", () => {
    expect(
      openAiChat.systemPrompt({ messages: [{ role: "developer", content: [{ type: "text", text: "Be brief." }] }] }),
    ).toBe("Be brief.");
    expect(openAiResponses.systemPrompt({ instructions: "You are the triage agent.", input: "hi" })).toBe(
      "You are the triage agent.",
    );
    expect(anthropicMessages.systemPrompt({ system: [{ type: "text", text: "You are Claude." }], messages: [] })).toBe(
      "You are Claude.",
    );
  });
});

describe("routing", () => {
  it("recognises the API by the end of the path, with or without /v1", () => {
    expect(apiForPath("/v1/chat/completions")?.kind).toBe("openai.chat");
    expect(apiForPath("/chat/completions")?.kind).toBe("openai.chat");
    expect(apiForPath("/v1/responses")?.kind).toBe("openai.responses");
    expect(apiForPath("/v1/messages")?.kind).toBe("anthropic.messages");
    expect(apiForPath("/v1/embeddings")).toBeUndefined();
  });

  it("joins upstream bases with and without a version path", () => {
    expect(upstreamUrl("https://api.openai.com/v1", "/v1/chat/completions")).toBe(
      "https://api.openai.com/v1/chat/completions",
    );
    expect(upstreamUrl("http://127.0.0.1:8000", "/v1/chat/completions")).toBe(
      "http://127.0.0.1:8000/v1/chat/completions",
    );
    expect(upstreamUrl("https://example.com/openai/v1/", "/chat/completions", "?a=1")).toBe(
      "https://example.com/openai/v1/chat/completions?a=1",
    );
    // A known API goes to its endpoint under the base, whatever prefix the child used.
    expect(upstreamUrl("http://127.0.0.1:8000/v1", "/v1/v1/chat/completions", "", "/chat/completions")).toBe(
      "http://127.0.0.1:8000/v1/chat/completions",
    );
    expect(upstreamUrl("http://127.0.0.1:8000", "/chat/completions", "", "/chat/completions")).toBe(
      "http://127.0.0.1:8000/v1/chat/completions",
    );
    expect(upstreamUrl("https://api.anthropic.com", "/v1/messages", "", "/messages")).toBe(
      "https://api.anthropic.com/v1/messages",
    );
  });
});
