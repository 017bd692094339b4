import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace } from "../index";

/**
 * AgentChat event logs wrap each event as `{type, module, model_dump}`. The events here are the
 * real Swarm TaskResult from AutoGen's docs (test/fixtures/real/autogen, CC BY 4.0), wrapped the way
 * the console / run_stream logging writes them, so the wrapped and the bare dump must import alike.
 */
const FIXTURE = path.resolve(import.meta.dirname, "../../../test/fixtures/real/autogen/swarm-task-result.json");
const result = JSON.parse(fs.readFileSync(FIXTURE, "utf8")) as {
  messages: Record<string, unknown>[];
  stop_reason: string;
};
const wrap = (dump: Record<string, unknown>) => ({
  type: dump.type,
  module: "autogen_agentchat.messages",
  model_dump: dump,
});
const task = String(result.messages[0].content);
const events = [
  ...result.messages.map(wrap),
  { type: "TaskResult", module: "autogen_agentchat.base", model_dump: result },
];
const shape = (text: string) =>
  importTrace(text, { fileName: "events.json" }).trace.steps.map((s) => [
    s.agent,
    s.kind,
    s.target,
    s.content,
    s.tool?.name,
  ]);

describe("AgentChat event logs {task, events: [{type, module, model_dump}]}", () => {
  it("import with the same agents, steps and delegations as the bare dump", () => {
    const { format, trace } = importTrace(JSON.stringify({ task, events }), { fileName: "events.json" });
    expect(format).toBe("autogen");
    const bare = importTrace(JSON.stringify(result), { fileName: "result.json" }).trace;
    expect(trace.agents).toEqual(bare.agents);
    expect(trace.edges).toEqual(bare.edges);
    expect(shape(JSON.stringify({ task, events }))).toEqual(shape(JSON.stringify(result)));
    expect(trace.run.task).toBe(task);
    expect(trace.run.attributes).toMatchObject({ stop_reason: result.stop_reason, messages_from: "events" });
    // The closing TaskResult repeats the stream: dropped without a warning, not read as a message.
    expect(trace.warnings.filter((w) => w.includes("no source"))).toEqual([]);
    expect(trace.steps).toHaveLength(result.messages.length);
  });

  it("the bare list of wrapped events imports too, and the module stays an attribute, not content", () => {
    const { format, trace } = importTrace(JSON.stringify(events), { fileName: "events.json" });
    expect(format).toBe("autogen");
    expect(trace.steps).toHaveLength(result.messages.length);
    expect(trace.steps.every((s) => s.attributes?.module === "autogen_agentchat.messages")).toBe(true);
    expect(trace.steps.some((s) => s.content.includes("autogen_agentchat"))).toBe(false);
  });

  it("a log whose events carry no message is still refused as unknown", () => {
    expect(() => importTrace(JSON.stringify({ task, events: [{ type: "X", model_dump: { a: 1 } }] }))).toThrow(
      /Unrecognized trace format/,
    );
  });
});
