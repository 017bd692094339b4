/**
 * Dual-control chat transcripts: the user works tools of its own (a phone it checks, a router it
 * restarts) with OpenAI `tool_calls` on its turns. Its calls are its steps and the replies to them
 * are its tool results, not the agent's; a reply to the agent's call stays the agent's. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { importChatTranscript } from "./import-chat-transcript";

const call = (id: string, name: string) => ({ id, type: "function", function: { name, arguments: "{}" } });

const transcript = {
  messages: [
    { role: "assistant", content: "Hello, how can I help?" },
    { role: "user", content: "My router keeps dropping the line." },
    { role: "assistant", content: "", tool_calls: [call("c_a", "get_line_status")] },
    { role: "tool", tool_call_id: "c_a", name: "get_line_status", content: "Line: active" },
    { role: "assistant", content: "Please check the router's light and restart it." },
    {
      role: "user",
      content: "Checking now.",
      tool_calls: [call("c_u1", "check_light"), call("c_u2", "restart_router")],
    },
    { role: "tool", tool_call_id: "c_u1", name: "check_light", content: "Light: blinking amber" },
    { role: "tool", tool_call_id: "c_u2", name: "restart_router", content: "Router restarted" },
    { role: "user", content: "The light was amber and I restarted it." },
  ],
};

describe("a user's own tool calls in a chat transcript", () => {
  const t = importChatTranscript(transcript);
  const step = (id: string) => t.steps.find((s) => s.id === id);
  it("are the user's steps, and so are the replies to them", () => {
    expect(step("s5")).toMatchObject({
      agent: "user",
      kind: "tool_call",
      content: "Checking now.",
      tool: { name: "check_light" },
    });
    expect(step("s5.2")).toMatchObject({ agent: "user", kind: "tool_call", tool: { name: "restart_router" } });
    expect(step("s6")).toMatchObject({ agent: "user", kind: "tool_result", content: "Light: blinking amber" });
    expect(step("s7")).toMatchObject({ agent: "user", kind: "tool_result" });
  });
  it("near miss: the agent's call and its reply stay the agent's", () => {
    expect(step("s2")).toMatchObject({ agent: "assistant", kind: "tool_call" });
    expect(step("s3")).toMatchObject({ agent: "assistant", kind: "tool_result", content: "Line: active" });
    expect(step("s8")).toMatchObject({ agent: "user", kind: "message" });
  });
});
