import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace, detectFormat } from "./index";
import { parseInputText } from "./parse-input-text";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const edgesOf = (trace: { edges: { kind: string; from: string; to: string }[] }, kind: string) =>
  trace.edges.filter((e) => e.kind === kind).map((e) => `${e.from}->${e.to}`);

describe("format detection", () => {
  it.each([
    ["otlp-genai-multi-agent.json", "otlp"],
    ["who-and-when-hand-crafted.json", "who-and-when"],
    ["who-and-when-algorithm-generated.json", "who-and-when"],
    ["ag2-group-chat.json", "ag2"],
    ["autogen-task-result.json", "autogen"],
    ["langfuse-trace.json", "langfuse"],
    ["langsmith-runs.jsonl", "langsmith"],
  ])("%s is %s", (file, format) => {
    expect(detectFormat(parseInputText(fixture(file), file))).toBe(format);
  });

  it("honours a forced format", () => {
    // A Who&When record is also a valid AG2 log when forced.
    const { format, trace } = importTrace(fixture("who-and-when-algorithm-generated.json"), { format: "ag2" });
    expect(format).toBe("ag2");
    expect(trace.labels).toEqual([]);
  });
});

describe("AG2 group chat", () => {
  it("maps name as agent, tool calls and code results to tool steps, turns to message edges", () => {
    const { trace } = importTrace(fixture("ag2-group-chat.json"));
    expect(trace.steps.map((s) => [s.agent, s.kind])).toEqual([
      ["User_proxy", "message"],
      ["Planner", "message"],
      ["Engineer", "tool_call"],
      ["Executor", "tool_result"],
      ["Engineer", "tool_result"],
    ]);
    expect(trace.steps[2].tool).toEqual({ name: "run_python", arguments: '{"code": "import yfinance"}' });
    expect(trace.steps[4].status).toBe("error");
    expect(trace.run.attributes).toMatchObject({ task: "Plot NVDA stock price change YTD" });
    expect(edgesOf(trace, "message")).toEqual(["s0->s1", "s1->s2", "s2->s3", "s3->s4"]);
  });
});

describe("AG2 chat without a task field", () => {
  it("takes the initiator's opening request as the task", () => {
    const log = (first: { name: string; role: string; content: string }) =>
      JSON.stringify({
        messages: [first, { name: "assistant", role: "assistant", content: "121.35 EUR is 139.73 USD." }],
      });
    const asked = { name: "user_proxy", role: "user", content: "How much is 121.35 EUR in USD?" };
    expect(importTrace(log(asked)).trace.run.task).toBe("How much is 121.35 EUR in USD?");
    // Near misses: an assistant or an empty message opens the log; a task field wins.
    expect(importTrace(log({ ...asked, role: "assistant" })).trace.run.task).toBeUndefined();
    expect(importTrace(log({ ...asked, content: "  " })).trace.run.task).toBeUndefined();
    const given = JSON.parse(log(asked));
    expect(importTrace(JSON.stringify({ ...given, task: "Convert the amount." })).trace.run.task).toBe(
      "Convert the amount.",
    );
  });
});

describe("AutoGen AgentChat", () => {
  it("maps handoffs to delegation and tool events to tool steps", () => {
    const { trace } = importTrace(fixture("autogen-task-result.json"));
    expect(trace.steps.map((s) => s.kind)).toEqual(["message", "delegate", "tool_call", "tool_result", "message"]);
    expect(trace.steps[1]).toMatchObject({
      agent: "travel_agent",
      target: "flights_agent",
      tokens: { input: 100, output: 20, total: 120 },
    });
    expect(trace.steps[2].tool).toMatchObject({ name: "search_flights", arguments: '{"to": "CDG"}' });
    expect(trace.steps[3]).toMatchObject({
      status: "error",
      tool: { name: "search_flights", result: "No flights found" },
    });
    expect(edgesOf(trace, "delegation")).toEqual(["m1->m2"]);
    expect(trace.run.attributes).toMatchObject({ stop_reason: "Text 'TERMINATE' mentioned" });
  });
});

describe("Langfuse", () => {
  it("maps observations to steps with agents, tokens, cost, errors and the score outcome", () => {
    const { trace } = importTrace(fixture("langfuse-trace.json"));
    expect(trace.agents.map((a) => a.name)).toEqual(["router", "account_agent"]);
    expect(trace.steps.map((s) => [s.sourceRef, s.agent, s.kind])).toEqual([
      ["o1", "router", "agent"],
      ["o2", "account_agent", "agent"],
      ["o3", "account_agent", "llm"],
      ["o4", "account_agent", "tool_call"],
    ]);
    expect(trace.steps[2]).toMatchObject({ tokens: { input: 50, output: 5, total: 55 }, costUsd: 0.001 });
    expect(trace.steps[3]).toMatchObject({ status: "error", error: { message: "SMTP unavailable" } });
    expect(trace.run).toMatchObject({
      title: "support-bot",
      task: "Reset my password",
      outcome: "failure",
      sourceFormat: "langfuse",
    });
    expect(edgesOf(trace, "delegation")).toEqual(["o1->o2"]);
  });
});

describe("LangSmith", () => {
  it("rebuilds the tree from dotted_order, names agents from langgraph_node, links state channels", () => {
    const { trace } = importTrace(fixture("langsmith-runs.jsonl"));
    // The LangGraph root run is the graph wrapping the nodes, not an agent: a container step filed
    // under the first node, delegating to no one (issue 11: no workflow wrapper stands in for an agent).
    expect(trace.steps.map((s) => [s.id, s.parentId, s.agent])).toEqual([
      ["r1", undefined, "researcher"],
      ["r2", "r1", "researcher"],
      ["r3", "r1", "writer"],
      ["r4", "r3", "writer"],
    ]);
    expect(trace.agents.map((a) => a.name)).toEqual(["researcher", "writer"]);
    expect(trace.steps[0].attributes?.["culprit.container"]).toBe(true);
    expect(trace.steps[3]).toMatchObject({ kind: "tool_call", status: "error", error: { type: "ToolException" } });
    expect(trace.run.outcome).toBe("failure");
    expect(trace.edges.find((e) => e.kind === "state")).toMatchObject({ from: "r2", to: "r3", key: "notes" });
    expect(edgesOf(trace, "delegation")).toEqual([]);
  });

  it("accepts nested child_runs", () => {
    const lines = fixture("langsmith-runs.jsonl")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    for (const r of lines) delete r.dotted_order;
    const [root, res, wri, tool] = lines;
    const tree = { ...root, child_runs: [res, { ...wri, child_runs: [tool] }] };
    const { trace } = importTrace(JSON.stringify(tree));
    expect(trace.steps.map((s) => [s.id, s.parentId])).toEqual([
      ["r1", undefined],
      ["r2", "r1"],
      ["r3", "r1"],
      ["r4", "r3"],
    ]);
  });
});
