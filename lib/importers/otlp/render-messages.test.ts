import { describe, expect, it } from "vitest";
import { renderFlattenedMessages } from "./render-messages";

describe("OpenInference flattened messages", () => {
  const P = "llm.output_messages.0.message.";
  it("write each tool call's name before its arguments, in call order, whatever order the keys come in", () => {
    const sorted = {
      [`${P}role`]: "assistant",
      [`${P}tool_calls.0.tool_call.function.arguments`]: '{"query": "Lyon"}',
      [`${P}tool_calls.0.tool_call.function.name`]: "web_search",
      [`${P}tool_calls.1.tool_call.function.arguments`]: '{"answer": "522,250"}',
      [`${P}tool_calls.1.tool_call.function.name`]: "final_answer",
    };
    const expected =
      'assistant: [tool call web_search]\n{"query": "Lyon"}\n[tool call final_answer]\n{"answer": "522,250"}';
    expect(renderFlattenedMessages(sorted, "llm.output_messages.")).toBe(expected);
    const reversed = Object.fromEntries(Object.entries(sorted).reverse());
    expect(renderFlattenedMessages(reversed, "llm.output_messages.")).toBe(expected);
  });

  it("keep the message's content and text parts before its tool calls", () => {
    const text = renderFlattenedMessages(
      {
        [`${P}tool_calls.0.tool_call.function.name`]: "web_search",
        [`${P}content`]: "Searching.",
        [`${P}contents.0.message_content.text`]: "First I look it up.",
      },
      "llm.output_messages.",
    );
    expect(text).toBe("Searching.\nFirst I look it up.\n[tool call web_search]");
  });
});
