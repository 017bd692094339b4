import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { detectFormat, importTraces, importValues } from "../index";

/**
 * Rows of the OpenTelemetry Collector ClickHouse exporter's `otel_traces` table, built here in each
 * shape a query or an export writes them (the real files are in `trail-trace.test.ts`).
 */
const TRACE = "5b8efff798038103d269b633813fc60c";
const pascal = (id: string, parent: string, name: string, at: string, attributes: Record<string, string> = {}) => ({
  Timestamp: `2025-03-19 17:12:0${at}`,
  TraceId: TRACE,
  SpanId: id,
  ParentSpanId: parent,
  TraceState: "",
  SpanName: name,
  SpanKind: "Internal",
  ServiceName: "crew",
  ResourceAttributes: { "service.name": "crew" },
  ScopeName: "openinference.instrumentation.smolagents",
  ScopeVersion: "0.1.8",
  SpanAttributes: attributes,
  Duration: "500000000",
  StatusCode: "Ok",
  StatusMessage: "",
  "Events.Timestamp": [],
  "Events.Name": [],
  "Events.Attributes": [],
  "Links.TraceId": [],
  "Links.SpanId": [],
  "Links.TraceState": [],
  "Links.Attributes": [],
});
const ROWS = [
  pascal("00000000000000a1", "", "planner run", "1.000000000", {
    "openinference.span.kind": "AGENT",
    "agent.name": "planner",
    "input.value": "Find the population of Lyon.",
  }),
  pascal("00000000000000a2", "00000000000000a1", "chat", "1.100000000", {
    "openinference.span.kind": "LLM",
    "llm.output_messages.0.message.role": "assistant",
    "llm.output_messages.0.message.content": "I will search for it.",
  }),
  pascal("00000000000000a3", "00000000000000a1", "search", "1.200000000", {
    "openinference.span.kind": "TOOL",
    "tool.name": "web_search",
    "input.value": '{"query": "population of Lyon"}',
    "output.value": "Lyon has 522,250 inhabitants.",
  }),
];
/** The same rows in snake_case, as exports built on the table (Patronus') spell them. */
const SNAKE = ROWS.map((row) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const [head, tail] = key.split(".");
    const snake = (k: string) => k.replace(/[A-Z]/g, (c, i) => (i ? "_" : "") + c.toLowerCase());
    out[tail ? `${snake(head)}.${snake(tail)}` : snake(head)] = value;
  }
  return out;
});
/** The rows nested by parent, as Patronus' export writes a trace: `{trace_id, spans: [root]}`. */
const NESTED = { trace_id: TRACE, spans: [{ ...SNAKE[0], child_spans: [SNAKE[1], SNAKE[2]] }] };

function summary(value: unknown) {
  const results = importValues(value);
  expect(results).toHaveLength(1);
  const { format, trace } = results[0];
  return {
    format,
    agents: trace.agents.map((a) => a.name),
    steps: trace.steps.map((s) => [s.name, s.kind, s.parentId ?? null, s.startTime, s.endTime, s.status]),
    tool: trace.steps.find((s) => s.kind === "tool_call")?.tool,
    task: trace.run.task,
  };
}

describe("ClickHouse exporter span rows: accepted shapes", () => {
  const expected = summary(ROWS);

  it("read a JSON array of rows into agents, steps, parents, times and a tool call with its result", () => {
    expect(expected).toMatchObject({ format: "otel-sdk", agents: ["planner"], task: "Find the population of Lyon." });
    expect(expected.steps).toEqual([
      ["planner run", "agent", null, "2025-03-19T17:12:01.000000000Z", "2025-03-19T17:12:01.500000000Z", "ok"],
      ["chat", "llm", "00000000000000a1", "2025-03-19T17:12:01.100000000Z", "2025-03-19T17:12:01.600000000Z", "ok"],
      [
        "search",
        "tool_call",
        "00000000000000a1",
        "2025-03-19T17:12:01.200000000Z",
        "2025-03-19T17:12:01.700000000Z",
        "ok",
      ],
    ]);
    expect(expected.tool).toMatchObject({ name: "web_search", result: "Lyon has 522,250 inhabitants." });
  });

  it.each([
    ["snake_case rows", SNAKE],
    ["ClickHouse FORMAT JSON output {meta, data, rows, statistics}", { meta: [], data: ROWS, rows: 3, statistics: {} }],
    ["{rows: [...]}", { rows: SNAKE }],
    ["{spans: [...]} without nesting", { spans: ROWS }],
    ["the nested export {trace_id, spans: [root]} with child_spans", NESTED],
    ["documents of nested exports one per line", [NESTED]],
  ])("read %s the same way", (_, value) => {
    expect(detectFormat(value)).toBe("otel-sdk");
    expect(summary(value)).toEqual(expected);
  });

  it("read JSON Lines of rows, and one row alone", () => {
    const jsonl = SNAKE.map((row) => JSON.stringify(row)).join("\n");
    const [{ trace }] = importTraces(jsonl, { fileName: "spans.jsonl" });
    expect(trace.steps.map((s) => s.name)).toEqual(["planner run", "chat", "search"]);
    expect(detectFormat(ROWS[2])).toBe("otel-sdk");
    expect(importValues(ROWS[2])[0].trace.steps[0].tool?.name).toBe("web_search");
  });

  it("leave AgentOps' span rows (start_time, no Timestamp) and other {data: [...]} exports to their importers", () => {
    const agentOps = {
      span_id: "a1",
      span_name: "crewai.workflow",
      start_time: "2025-08-04T15:12:27Z",
      span_attributes: {},
    };
    expect(detectFormat({ trace: { trace_id: TRACE }, spans: [agentOps] })).toBe("agentops");
    expect(detectFormat({ spans: [agentOps] })).toBeUndefined();
    const agentsSdk = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../../test/fixtures/synthetic/openai-agents/triage-handoff.ingest.json"),
      "utf8",
    );
    expect(detectFormat(JSON.parse(agentsSdk))).toBe("openai-agents");
  });
});

describe("ClickHouse exporter span rows: columns", () => {
  const one = (row: Record<string, unknown>) => importValues([row])[0].trace.steps[0];

  it("take kinds and status codes as names, prefixed names or numbers, and the status message of an error", () => {
    const kinds = ["Server", "SPAN_KIND_CLIENT", 4, "consumer"].map((k) => one({ ...ROWS[1], SpanKind: k }));
    expect(kinds.map((s) => s.attributes?.["otel.span_kind"])).toEqual(["server", "client", "producer", "consumer"]);
    const failed = one({ ...ROWS[1], StatusCode: "STATUS_CODE_ERROR", StatusMessage: "rate limited" });
    expect(failed).toMatchObject({ status: "error", error: { message: "rate limited" } });
    expect(one({ ...ROWS[1], StatusCode: 2 }).status).toBe("error");
    expect(one({ ...ROWS[1], status_code: "Unset", StatusCode: undefined }).status).toBe("unset");
  });

  it("read events as parallel columns, as objects (the exception becomes the step's error), as tuples", () => {
    const parallel = one({
      ...ROWS[1],
      "Events.Timestamp": ["2025-03-19 17:12:01.150000000"],
      "Events.Name": ["retry"],
      "Events.Attributes": [{ attempt: "2" }],
    });
    expect(parallel.attributes?.["otel.events"]).toEqual([
      { name: "retry", time: "2025-03-19T17:12:01.150000000Z", attributes: { attempt: "2" } },
    ]);
    const objects = one({
      ...SNAKE[2],
      status_code: "Error",
      events: [
        { Timestamp: "2025-03-19T17:12:01.3", Name: "exception", Attributes: { "exception.message": "No results" } },
      ],
    });
    expect(objects.error).toEqual({ message: "No results" });
    const tuples = one({ ...ROWS[1], Events: [["2025-03-19 17:12:01.15", "retry", { attempt: "3" }]] });
    expect(tuples.attributes?.["otel.events"]).toMatchObject([{ name: "retry", attributes: { attempt: "3" } }]);
    const encoded = one({ ...ROWS[1], "Events.Name": '["retry"]', "Events.Attributes": "[{'attempt': '4'}]" });
    expect(encoded.attributes?.["otel.events"]).toMatchObject([{ name: "retry", attributes: { attempt: "4" } }]);
  });

  it("keep links, the trace state, the service name and columns outside the schema as attributes", () => {
    const step = one({
      ...ROWS[1],
      TraceState: "vendor=1",
      ResourceAttributes: {},
      "Links.TraceId": ["0af7651916cd43dd8448eb211c80319c"],
      "Links.SpanId": ["b7ad6b7169203331"],
      "Links.TraceState": [""],
      "Links.Attributes": [{ reason: "retry of" }],
      execution_id: "run-7",
    });
    expect(step.attributes).toMatchObject({
      "otel.trace_state": "vendor=1",
      "otel.links": [
        { traceId: "0af7651916cd43dd8448eb211c80319c", spanId: "b7ad6b7169203331", attributes: { reason: "retry of" } },
      ],
      "row.execution_id": "run-7",
    });
    const [{ trace }] = importValues([{ ...ROWS[1], ResourceAttributes: {} }]);
    expect(trace.run.system).toBe("crew");
  });

  it("read attributes given as [key, value] pairs or as a JSON string, and keep any other value whole", () => {
    const pairs = one({ ...ROWS[2], SpanAttributes: Object.entries(ROWS[2].SpanAttributes) });
    const text = one({ ...ROWS[2], SpanAttributes: JSON.stringify(ROWS[2].SpanAttributes) });
    for (const step of [pairs, text]) expect(step.tool).toMatchObject({ name: "web_search" });
    expect(one({ ...ROWS[2], SpanAttributes: "tool=web_search" }).attributes?.["otel.attributes"]).toBe(
      "tool=web_search",
    );
  });

  it("name what is wrong when a list of rows holds something that is no span", () => {
    expect(() => importValues({ data: [ROWS[0], 42] })).toThrow(/data\[1\] is not an OpenTelemetry SDK span/);
  });
});
