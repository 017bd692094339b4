/**
 * AgentChat 0.4.0 printed its TaskResult without `type` fields: the class name of each message repr is
 * its type. Such a printout imports like a later one; a repr of a class that names no message or event
 * is not read as AgentChat. A toy of our own.
 */
import { describe, expect, it } from "vitest";
import { importTraces } from "../index";

const OLD =
  "TaskResult(messages=[TextMessage(source='user', models_usage=None, content='Write a haiku about the ferry'), " +
  "TextMessage(source='poet', models_usage=RequestUsage(prompt_tokens=30, completion_tokens=19), content='Grey gulls " +
  "follow us'), TextMessage(source='critic', models_usage=RequestUsage(prompt_tokens=70, completion_tokens=12), " +
  "content='Count the syllables again. APPROVE')], stop_reason=\"Text 'APPROVE' mentioned\")";

describe("an AgentChat 0.4.0 TaskResult printed without types", () => {
  it("imports its messages by their class names", () => {
    const [r] = importTraces(OLD, { fileName: "result.txt" });
    expect(r.format).toBe("autogen");
    expect(r.trace.steps.map((s) => [s.agent, s.kind, s.content])).toEqual([
      ["user", "message", "Write a haiku about the ferry"],
      ["poet", "message", "Grey gulls follow us"],
      ["critic", "message", "Count the syllables again. APPROVE"],
    ]);
  });
  it("near miss: a repr of a class that names no message or event is not AgentChat", () => {
    const other = "Result(messages=[Note(source='user', content='Write a haiku about the ferry')])";
    expect(() => importTraces(other, { fileName: "result.txt" })).toThrow(/Unrecognized trace format/);
  });
});
