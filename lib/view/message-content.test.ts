import { describe, expect, it } from "vitest";
import { parseMessages, parseReprMessage } from "./message-content";

describe("parseMessages", () => {
  it("reads a chat transcript with tool calls", () => {
    const text = JSON.stringify([
      { role: "system", content: "Be brief." },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", function: { name: "search", arguments: '{"q":"osaka"}' } }],
      },
      { role: "tool", tool_call_id: "c1", content: [{ type: "text", text: "503" }] },
    ]);
    expect(parseMessages(text)).toEqual([
      { role: "system", text: "Be brief." },
      { role: "assistant", text: "", toolCalls: [{ name: "search", arguments: '{"q":"osaka"}' }] },
      { role: "tool", text: "503", toolCallId: "c1" },
    ]);
  });

  it("unwraps response envelopes and reprs, and leaves other text alone", () => {
    const envelope = JSON.stringify({
      _meta: { id: "x", choices: [{ message: { role: "assistant", content: "Found 2 documents." } }] },
    });
    expect(parseMessages(envelope)).toEqual([{ role: "assistant", text: "Found 2 documents." }]);
    expect(parseMessages('{"query": "osaka"}')).toBeNull();
    expect(parseMessages("plain words")).toBeNull();
    expect(parseMessages("[1, 2]")).toBeNull();
  });

  it("reads a Python repr's speaker and content, escapes included", () => {
    const repr =
      "TextMessage(id='5f0c', source='WebSurfer', models_usage=None, metadata={}, content='It\\'s 2005.\\nDone', type='TextMessage')";
    expect(parseReprMessage(repr)).toEqual({ role: "TextMessage", name: "WebSurfer", text: "It's 2005.\nDone" });
    expect(parseReprMessage("TextMessage(id='5f0c', content='unterminated")).toBeNull();
    expect(parseReprMessage("not a repr content='x'")).toBeNull();
  });
});
