import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { detectFormat, importTraces, importValues } from "../index";
import { inputErrorOf } from "../../trace/input-error-of";
import { MAX_NESTING } from "./span-records";

const REAL = path.resolve(import.meta.dirname, "../../../test/fixtures/real");
/** PascalCase rows of the exporter's table from agntcy/telemetry-hub (see telemetry-hub/SOURCE.md). */
const TELEMETRY_HUB = path.join(REAL, "telemetry-hub/multi-agent-service.otel_traces.json");

describe("agntcy/telemetry-hub: the exporter's PascalCase rows with flattened Events columns", () => {
  const results = importTraces(fs.readFileSync(TELEMETRY_HUB, "utf8"), { fileName: path.basename(TELEMETRY_HUB) });

  it("imports one run per trace id, with ClickHouse's timestamps and nanosecond durations", () => {
    expect(results.map((r) => [r.format, r.trace.steps.length])).toEqual([
      ["otel-sdk", 3],
      ["otel-sdk", 25],
      ["otel-sdk", 4],
      ["otel-sdk", 3],
      ["otel-sdk", 1],
    ]);
    const graph = results[1].trace;
    // Timestamp "2025-06-20 21:37:02.820967", Duration 5785150000 ns.
    expect(graph.steps[0]).toMatchObject({
      name: "LangGraph.workflow",
      startTime: "2025-06-20T21:37:02.820967000Z",
      endTime: "2025-06-20T21:37:08.606117000Z",
    });
    expect(graph.run.task).toContain("who was the 31st president of the united states?");
  });

  it("maps the LLM calls and the Tavily search with its result, and keeps the events and the extra column", () => {
    const graph = results[1].trace;
    const llm = graph.steps.filter((s) => s.kind === "llm");
    expect(llm).toHaveLength(4);
    const tool = graph.steps.find((s) => s.kind === "tool_call")!;
    expect(tool.name).toBe("tavily_search_results_json.tool");
    expect(tool.tool?.result).toContain("Herbert Hoover");
    expect(llm[2].content).toMatch(
      /^assistant: The 31st President of the United States was Herbert Hoover\. He served/,
    );
    const start = results[0].trace.steps.find((s) => s.name === "supervisor.agent")!;
    // Its Events.Timestamp column is a Python repr of a list of datetimes, in a string.
    expect(start.attributes?.["otel.events"]).toEqual([
      {
        name: "agent_start_event",
        time: "2025-06-20T21:37:08.225000000Z",
        attributes: { agent_name: "supervisor", type: "agent" },
      },
    ]);
    expect(start.attributes?.["row.execution_id"]).toBe("multi-agent-service_bd219a36-f37c-4749-a24e-2eef6fd61606");
  });
});

describe("Patronus' export: the same rows in snake_case, nested in child_spans", () => {
  const rows = JSON.parse(fs.readFileSync(TELEMETRY_HUB, "utf8")) as Record<string, unknown>[];
  const ids = [...new Set(rows.map((r) => r.TraceId))];
  const graphRows = rows.filter(
    (r) => r.TraceId === ids.find((id) => rows.filter((x) => x.TraceId === id).length === 25),
  );
  const shape = (text: string) =>
    importTraces(text, { fileName: "graph.json" }).map(({ trace }) => ({
      task: trace.run.task,
      steps: trace.steps.map((x) => [
        x.name,
        x.agent,
        x.kind,
        x.content,
        x.tool?.result ?? null,
        x.startTime,
        x.endTime,
      ]),
      edges: trace.edges.length,
    }));

  it("imports as the flat rows do: the same run, steps, contents and times", () => {
    const nested = JSON.stringify(patronusExport(graphRows));
    expect(detectFormat(JSON.parse(nested))).toBe("otel-sdk");
    const flat = shape(JSON.stringify(graphRows));
    expect(flat).toHaveLength(1);
    expect(flat[0].steps).toHaveLength(25);
    expect(shape(nested)).toEqual(flat);
  });
});

describe("ClickHouse span rows: bounds", () => {
  const row = (i: number) =>
    `{"timestamp":"2025-03-19T16:37:59.${String(i % 1e6).padStart(6, "0")}Z","span_id":"${(i + 1).toString(16).padStart(16, "0")}","span_name":"s${i}"`;

  it(`imports a chain nested deeper than ${MAX_NESTING} levels down to that depth, says what it left out, and never recurses`, () => {
    // 100,000 levels, written as text (JSON.stringify itself would overflow the stack on it).
    const depth = 100_000;
    const parts: string[] = ['{"trace_id":"3215fc75e81bdb73706a4fb37b66427f","spans":['];
    for (let i = 0; i < depth; i++) parts.push(row(i), ',"child_spans":[');
    parts.push("]}".repeat(depth), "]}");
    const [{ trace }] = importTraces(parts.join(""));
    expect(trace.steps).toHaveLength(MAX_NESTING + 1);
    expect(trace.steps.at(-1)?.parentId).toBe(trace.steps.at(-2)?.id);
    expect(trace.warnings).toContain(
      `the child_spans of 1 span(s) nested ${MAX_NESTING} levels deep were not imported (deeper nesting is refused)`,
    );
  }, 60_000);

  it("refuses more rows than the span dumps' bound, flat or nested, before decoding any", () => {
    const rows = Array.from({ length: 200_001 }, () => ({
      Timestamp: "2025-03-19 16:37:59",
      SpanId: "a1",
      SpanName: "s",
    }));
    const flat = inputErrorOf(() => importValues({ data: rows }));
    expect(flat.code).toBe("too_large");
    expect(flat.message).toMatch(/more than 200000 spans/);
    const nested = inputErrorOf(() => importValues({ trace_id: "t", spans: [{ ...rows[0], child_spans: rows }] }));
    expect(nested).toMatchObject({ code: "too_large" });
    expect(inputErrorOf(() => importValues(rows)).message).toBe(
      "The span dump holds 200001 spans; at most 200000 are read",
    );
  });
});

/** The exporter's columns as exports built on the table spell them in snake_case (Patronus'). */
const SNAKE: Record<string, string> = {
  Timestamp: "timestamp",
  TraceId: "trace_id",
  SpanId: "span_id",
  ParentSpanId: "parent_span_id",
  TraceState: "trace_state",
  SpanName: "span_name",
  SpanKind: "span_kind",
  ServiceName: "service_name",
  ResourceAttributes: "resource_attributes",
  ScopeName: "scope_name",
  ScopeVersion: "scope_version",
  SpanAttributes: "span_attributes",
  Duration: "duration",
  StatusCode: "status_code",
  StatusMessage: "status_message",
};

/**
 * One trace's flat PascalCase rows → Patronus' nested export, `{trace_id, spans: [root]}`: snake_case
 * columns, each span's children in `child_spans`, events as objects. No real nested export that may be
 * committed was available (the ones at hand hold a benchmark's questions and answers), so the real
 * rows are nested here, deterministically.
 */
function patronusExport(rows: Record<string, unknown>[]): { trace_id: unknown; spans: Record<string, unknown>[] } {
  const spans = rows.map((row) => {
    const span: Record<string, unknown> = { child_spans: [] };
    for (const [key, value] of Object.entries(row)) {
      if (key.startsWith("Events.") || key.startsWith("Links.")) continue;
      span[SNAKE[key] ?? key] = value;
    }
    span.events = [];
    return span;
  });
  const byId = new Map(spans.map((span) => [span.span_id, span]));
  const roots: Record<string, unknown>[] = [];
  for (const span of spans) {
    const parent = byId.get(span.parent_span_id);
    if (parent) (parent.child_spans as unknown[]).push(span);
    else roots.push(span);
  }
  return { trace_id: rows[0].TraceId, spans: roots };
}
