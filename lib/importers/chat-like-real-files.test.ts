import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace, IMPORT_FORMATS } from "./index";
import { TraceInputError } from "../trace/errors";
import type { TTrace } from "../trace/schema";
import { parsePythonRepr, PY_CLASS } from "./python-repr/parse-python-repr";

/** Real files (and clearly labelled synthetic ones) under test/fixtures/real/, each with a SOURCE.md. */
const REAL = path.resolve(import.meta.dirname, "../../test/fixtures/real");
const read = (rel: string) => fs.readFileSync(path.join(REAL, rel), "utf8");
const load = (rel: string, format?: "auto" | (typeof IMPORT_FORMATS)[number]) =>
  importTrace(read(rel), { fileName: path.basename(rel), format });

const agentNames = (t: TTrace) => t.agents.map((a) => a.name);
const taskGivers = (t: TTrace) => t.agents.filter((a) => a.kind === "task_giver").map((a) => a.name);
const agentEdges = (t: TTrace, kind: string) => {
  const agentOf = new Map(t.steps.map((s) => [s.id, s.agent]));
  return new Set(t.edges.filter((e) => e.kind === kind).map((e) => `${agentOf.get(e.from)}->${agentOf.get(e.to)}`));
};
/** What every chat-like import must give: no `unknown` agent, no harness entry standing in for an agent. */
function expectRealAgents(t: TTrace): void {
  for (const name of agentNames(t)) expect(["unknown", "MagenticOne", "system"]).not.toContain(name);
  expect(taskGivers(t).length).toBeLessThanOrEqual(1);
}

describe("AutoGen saved team state (team.save_state(), AutoGen docs)", () => {
  it("reads the group chat manager's message_thread: the assistant plus the user as task giver", () => {
    const { format, trace } = load("autogen/team-state.json");
    expect(format).toBe("autogen");
    expectRealAgents(trace);
    expect(agentNames(trace)).toEqual(["user", "assistant_agent"]);
    expect(taskGivers(trace)).toEqual(["user"]);
    expect(trace.steps.map((s) => [s.agent, s.kind])).toEqual([
      ["user", "message"],
      ["assistant_agent", "message"],
    ]);
    expect(trace.steps[1].tokens).toEqual({ input: 29, output: 34, total: 63 });
    expect(trace.run.task).toBe("Write a beautiful poem 3-line about lake tangayika");
    expect(trace.run.finalAnswer).toContain("Tanganyika");
  });

  it("falls back to an agent's own LLM history (core messages) when there is no message thread", () => {
    const state = JSON.parse(read("autogen/team-state.json"));
    for (const s of Object.values(state.agent_states) as Record<string, unknown>[]) delete s.message_thread;
    const { format, trace } = importTrace(JSON.stringify(state));
    expect(format).toBe("autogen");
    expect(agentNames(trace)).toEqual(["user", "assistant_agent"]);
    expect(trace.steps.map((s) => s.name)).toEqual(["UserMessage", "AssistantMessage"]);
  });
});

describe("AutoGen AgentChat event dump (Swarm TaskResult from the AutoGen docs)", () => {
  it("maps transfer_to_* calls and handoffs to delegation between the real agents", () => {
    const { format, trace } = load("autogen/swarm-task-result.json");
    expect(format).toBe("autogen");
    expectRealAgents(trace);
    expect(agentNames(trace)).toEqual(["user", "planner", "financial_analyst", "news_analyst", "writer"]);
    expect(taskGivers(trace)).toEqual(["user"]);
    const transfers = trace.steps.filter((s) => s.kind === "tool_call" && s.tool?.name.startsWith("transfer_to_"));
    expect(transfers.length).toBeGreaterThan(0);
    for (const s of transfers) expect(s.target).toBe(s.tool!.name.slice("transfer_to_".length));
    expect(agentEdges(trace, "delegation")).toEqual(
      new Set([
        "planner->financial_analyst",
        "financial_analyst->planner",
        "planner->news_analyst",
        "news_analyst->planner",
        "planner->writer",
        "writer->planner",
      ]),
    );
    // Tool results stay with the agent that called the tool.
    for (const s of trace.steps.filter((x) => x.kind === "tool_result")) expect(s.agent).not.toBe("user");
    expect(trace.run.attributes).toMatchObject({ stop_reason: "Text 'TERMINATE' mentioned" });
  });

  it("a run_stream() dump written as JSON lines, ending with the TaskResult, has no unknown agent", () => {
    const result = JSON.parse(read("autogen/swarm-task-result.json")) as { messages: unknown[] };
    const jsonl = [...result.messages, result].map((m) => JSON.stringify(m)).join("\n");
    const { format, trace } = importTrace(jsonl, { fileName: "events.jsonl" });
    expect(format).toBe("autogen");
    expectRealAgents(trace);
    expect(trace.steps).toHaveLength(result.messages.length);
    expect(trace.warnings.some((w) => w.includes("no source"))).toBe(true);
  });

  it("the printed repr of the same TaskResult parses to the same messages (no eval)", () => {
    const parsed = parsePythonRepr(read("autogen/swarm-task-result.repr.txt")) as Record<string, unknown>;
    expect(parsed[PY_CLASS]).toBe("TaskResult");
    const json = JSON.parse(read("autogen/swarm-task-result.json")) as { messages: Record<string, unknown>[] };
    const messages = parsed.messages as Record<string, unknown>[];
    expect(
      messages.map((m) => [
        m[PY_CLASS],
        m.source,
        typeof m.content === "string"
          ? m.content
          : JSON.stringify((m.content as Record<string, unknown>[]).map((c) => c.name ?? c.call_id)),
      ]),
    ).toEqual(
      json.messages.map((m) => [
        m.type,
        m.source,
        typeof m.content === "string"
          ? m.content
          : JSON.stringify((m.content as Record<string, unknown>[]).map((c) => c.name ?? c.call_id)),
      ]),
    );
  });
});

describe("a printed TaskResult (Python repr text, not JSON)", () => {
  it("imports like its JSON form", () => {
    const fromRepr = load("autogen/swarm-task-result.repr.txt");
    const fromJson = load("autogen/swarm-task-result.json");
    expect(fromRepr.format).toBe("autogen");
    expect(fromRepr.trace.agents).toEqual(fromJson.trace.agents);
    expect(fromRepr.trace.steps.map((s) => [s.agent, s.kind, s.target, s.content])).toEqual(
      fromJson.trace.steps.map((s) => [s.agent, s.kind, s.target, s.content]),
    );
    expect(fromRepr.trace.edges).toEqual(fromJson.trace.edges);
  });

  it("imports AgentChat 0.4.0's printout, whose messages carry no type but their class names", () => {
    const { format, trace } = load("autogen/termination-0.4.0-task-result.repr.txt");
    expect(format).toBe("autogen");
    expect(trace.agents.map((a) => a.name)).toEqual(["user", "primary", "critic"]);
    expect(trace.steps.every((s) => s.kind === "message" && s.content.length > 0)).toBe(true);
    expect(trace.steps[0]).toMatchObject({
      agent: "user",
      content: "Write a unique, Haiku about the weather in Paris",
    });
  });

  it("broken JSON still reports the JSON error", () => {
    expect(() => importTrace('{"messages": [1, 2')).toThrow(/line 1/i);
  });
});

describe("AutoGen core message history", () => {
  const history = [
    { type: "SystemMessage", content: "You are a travel agent." },
    { type: "UserMessage", source: "user", content: "Book me a flight to Paris." },
    {
      type: "AssistantMessage",
      source: "travel_agent",
      content: [{ id: "c1", name: "transfer_to_flights_refunder", arguments: "{}" }],
    },
    {
      type: "FunctionExecutionResultMessage",
      content: [{ call_id: "c1", content: "Transferred to flights_refunder", is_error: false }],
    },
    {
      type: "AssistantMessage",
      source: "flights_refunder",
      content: [{ id: "c2", name: "refund_flight", arguments: '{"flight_id": "AF12"}' }],
    },
    {
      type: "FunctionExecutionResultMessage",
      content: [{ call_id: "c2", content: "Flight AF12 not found", is_error: true }],
    },
    { type: "AssistantMessage", source: "flights_refunder", content: "I could not find the flight." },
  ];

  it("gives a function result to the agent whose call it answers, and a transfer_to_* call a delegation", () => {
    const { format, trace } = importTrace(JSON.stringify(history));
    expect(format).toBe("autogen");
    expectRealAgents(trace);
    expect(agentNames(trace)).toEqual(["user", "travel_agent", "flights_refunder"]);
    expect(trace.steps.map((s) => [s.agent, s.kind])).toEqual([
      ["user", "message"],
      ["user", "message"],
      ["travel_agent", "tool_call"],
      ["travel_agent", "tool_result"],
      ["flights_refunder", "tool_call"],
      ["flights_refunder", "tool_result"],
      ["flights_refunder", "message"],
    ]);
    expect(trace.steps[2]).toMatchObject({
      target: "flights_refunder",
      tool: { name: "transfer_to_flights_refunder" },
    });
    expect(trace.steps[5]).toMatchObject({
      status: "error",
      tool: { name: "refund_flight", result: "Flight AF12 not found" },
    });
    expect(agentEdges(trace, "delegation")).toEqual(new Set(["travel_agent->flights_refunder"]));
  });
});

describe("plain chat transcripts (OpenAI cookbook data)", () => {
  it("one assistant and the user as task giver, who is never an agent of its own making", () => {
    const { format, trace } = load("chat/toy-chat-line2.json");
    expect(format).toBe("chat");
    expect(agentNames(trace)).toEqual(["user", "assistant"]);
    expect(taskGivers(trace)).toEqual(["user"]);
    expect(trace.agents[1].description).toBe("You are a happy assistant that puts a positive spin on everything.");
    expect(trace.steps.filter((s) => s.agent === "assistant").map((s) => s.content)).toEqual([
      "It's ok, it happens to everyone.",
      "It will pay off next time.",
      "Golf is fun too!",
      "It's easy to learn!",
    ]);
    expect(trace.run).toMatchObject({
      task: "I lost my tennis match today.",
      finalAnswer: "It's easy to learn!",
      outcome: "unknown",
      sourceFormat: "chat",
    });
  });

  it("tool calls are the assistant's tool steps", () => {
    const { format, trace } = load("chat/drone-training-line1.json");
    expect(format).toBe("chat");
    expect(agentNames(trace)).toEqual(["user", "assistant"]);
    expect(trace.steps.at(-1)).toMatchObject({
      agent: "assistant",
      kind: "tool_call",
      tool: { name: "takeoff_drone", arguments: '{"altitude": 100}' },
    });
    expect(trace.run.attributes).toMatchObject({ parallel_tool_calls: false });
  });

  it("a tool reply is a tool result of the assistant, named after the call it answers", () => {
    const messages = [
      { role: "user", content: "Weather in Oslo?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "-3C, snow" },
      { role: "assistant", content: "It is -3C and snowing in Oslo." },
    ];
    const { format, trace } = importTrace(JSON.stringify({ messages }));
    expect(format).toBe("chat");
    expect(trace.steps.map((s) => [s.agent, s.kind, s.tool?.name])).toEqual([
      ["user", "message", undefined],
      ["assistant", "tool_call", "get_weather"],
      ["assistant", "tool_result", "get_weather"],
      ["assistant", "message", undefined],
    ]);
  });

  it("several named assistants are a group chat, not a transcript", () => {
    const messages = [
      { role: "user", content: "task" },
      { role: "assistant", name: "Planner", content: "plan" },
      { role: "assistant", name: "Coder", content: "code" },
    ];
    expect(importTrace(JSON.stringify(messages)).format).toBe("ag2");
  });
});

describe("Magentic-One log in the Who&When layout with Python-repr contents (synthetic)", () => {
  it("parses the reprs, keeps harness entries out of the agents, infers delegation, and compares the answer", () => {
    const { format, trace } = load("magentic-one/magentic-one-repr.json");
    expect(format).toBe("who-and-when");
    expectRealAgents(trace);
    expect(agentNames(trace)).toEqual(["user", "MagenticOneOrchestrator", "WebSurfer", "Coder"]);
    expect(taskGivers(trace)).toEqual(["user"]);
    // Contents are the messages' text: no ids, timestamps or class names from the repr.
    for (const s of trace.steps)
      expect(s.content).not.toMatch(/5f0c\d{4}|datetime\.datetime|TextMessage\(|models_usage=/);
    expect(trace.steps[3]).toMatchObject({
      agent: "WebSurfer",
      startTime: "2025-03-04T10:00:03.120Z",
      tokens: { input: 2311, output: 120, total: 2431 },
    });
    expect(trace.steps[3].content).toContain("Corazón Libre (2005)");
    expect(agentEdges(trace, "delegation")).toEqual(
      new Set(["MagenticOneOrchestrator->WebSurfer", "MagenticOneOrchestrator->Coder"]),
    );
    expect(trace.labels[0]).toMatchObject({ agent: "Coder", stepId: "s7" });
    expect(trace.run).toMatchObject({ finalAnswer: "4", groundTruth: "3", outcome: "failure" });
  });

  it("the outcome is success when the final answer matches the ground truth after normalizing", () => {
    const record = JSON.parse(read("magentic-one/magentic-one-repr.json"));
    record.ground_truth = " 4. ";
    expect(importTrace(JSON.stringify(record)).trace.run.outcome).toBe("success");
    delete record.ground_truth;
    expect(importTrace(JSON.stringify(record)).trace.run.outcome).toBe("unknown");
  });
});

describe("AutoGen MagenticOneGroupChat event dump", () => {
  it("an orchestrator instruction followed by an agent's turn is a delegation to that agent", () => {
    // The synthetic record's reprs, as the JSON list of model_dump()ed messages a dump would hold.
    const record = JSON.parse(read("magentic-one/magentic-one-repr.json")) as { history: { content: string }[] };
    const messages = record.history
      .map((h) => parsePythonRepr(h.content))
      .filter((m): m is Record<string, never> => m !== undefined && m !== null && typeof m === "object");
    const { format, trace } = importTrace(JSON.stringify(messages));
    expect(format).toBe("autogen");
    expectRealAgents(trace);
    expect(agentNames(trace)).toEqual(["user", "MagenticOneOrchestrator", "WebSurfer", "Coder"]);
    expect(agentEdges(trace, "delegation")).toEqual(
      new Set(["MagenticOneOrchestrator->WebSurfer", "MagenticOneOrchestrator->Coder"]),
    );
  });
});

describe("LangSmith SDK ingest batch {post, patch} (written by the langsmith JS SDK, synthetic run)", () => {
  it("is detected, and patches complete the posted runs", () => {
    const { format, trace } = load("langsmith/ingest-batch.json");
    expect(format).toBe("langsmith");
    expectRealAgents(trace);
    expect(agentNames(trace)).toEqual(expect.arrayContaining(["researcher", "writer"]));
    expect(trace.run.finalAnswer).toContain("grew 20%");
    const tool = trace.steps.find((s) => s.name === "search_financials")!;
    expect(tool).toMatchObject({ kind: "tool_call", status: "error" });
    expect(tool.error?.message).toContain("TimeoutError");
    expect(trace.steps.every((s) => s.startTime !== undefined)).toBe(true);
    // Usage reported in the LLM runs' outputs (usage_metadata), counted once.
    expect(trace.steps.filter((s) => s.kind === "llm").map((s) => s.tokens)).toEqual([
      { input: 40, output: 12, total: 52 },
      { input: 60, output: 15, total: 75 },
    ]);
    expect(trace.steps.reduce((n, s) => n + (s.tokens?.total ?? 0), 0)).toBe(127);
  });

  it("counts tokens once: a parent's rolled-up total is not added on top of its children's", () => {
    const run = (id: string, parent: string | undefined, run_type: string, tokens?: [number, number]) => ({
      id,
      parent_run_id: parent,
      trace_id: "r",
      name: id,
      run_type,
      start_time: "2025-01-01T00:00:00Z",
      ...(tokens
        ? { prompt_tokens: tokens[0], completion_tokens: tokens[1], total_tokens: tokens[0] + tokens[1] }
        : {}),
    });
    const runs = [
      run("r", undefined, "chain", [100, 27]),
      run("a", "r", "chain", [40, 12]),
      run("a1", "a", "llm", [40, 12]),
      run("b", "r", "llm", [60, 15]),
      run("c", "r", "chain", [5, 5]),
    ];
    const { trace } = importTrace(JSON.stringify(runs), { format: "langsmith" });
    const total = trace.steps.reduce((n, s) => n + (s.tokens?.total ?? 0), 0);
    expect(total).toBe(52 + 75 + 10); // a1 + b, and c, whose children report none
    expect(trace.steps.find((s) => s.sourceRef === "r")?.tokens).toBeUndefined();
  });
});

describe("a forced format rejects what it cannot read, naming the format and what is missing", () => {
  const garbage = ['{"foo": 1}', "[1, 2]", '{"messages": []}', '[{"a": 1}]'];
  const NAMES: Record<string, RegExp> = {
    culprit: /culprit/,
    otlp: /OTLP/,
    "who-and-when": /Who&When/,
    ag2: /AG2/,
    autogen: /AutoGen/,
    langfuse: /Langfuse/,
    langsmith: /LangSmith/,
    chat: /chat transcript/,
    atif: /ATIF/,
    "otel-sdk": /OpenTelemetry SDK/,
    "openai-agents": /OpenAI Agents SDK/,
    agentops: /AgentOps/,
    chatdev: /ChatDev/,
  };
  it.each(IMPORT_FORMATS.map((f) => [f]))("%s", (format) => {
    for (const text of garbage) {
      let error: unknown;
      try {
        importTrace(text, { format });
      } catch (err) {
        error = err;
      }
      expect(error, `${format} accepted ${text}`).toBeInstanceOf(TraceInputError);
      expect((error as Error).message, text).toMatch(NAMES[format] ?? new RegExp(format));
    }
  });
});
