import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace, importValue } from "./index";
import type { TTrace } from "../trace/schema";

const SYNTHETIC = path.resolve(import.meta.dirname, "../../test/fixtures/synthetic");
const agentEdges = (trace: TTrace, kind: string) => {
  const agentOf = new Map(trace.steps.map((s) => [s.id, s.agent]));
  return new Set(trace.edges.filter((e) => e.kind === kind).map((e) => `${agentOf.get(e.from)}->${agentOf.get(e.to)}`));
};

/** One OTLP/JSON request from compact span descriptions (attributes as a plain record). */
function otlp(
  spans: Array<{
    id: string;
    parent?: string;
    name: string;
    start: number;
    attrs: Record<string, string | number>;
    trace?: string;
    events?: unknown[];
  }>,
) {
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: "service.name", value: { stringValue: "svc" } }] },
        scopeSpans: [
          {
            scope: { name: "test" },
            spans: spans.map((s) => ({
              traceId: s.trace ?? "0af7651916cd43dd8448eb211c80319c",
              spanId: s.id,
              parentSpanId: s.parent ?? "",
              name: s.name,
              kind: 1,
              startTimeUnixNano: String(1_700_000_000_000_000_000 + s.start * 1_000_000),
              endTimeUnixNano: String(1_700_000_000_000_000_000 + (s.start + 1) * 1_000_000),
              attributes: Object.entries(s.attrs).map(([key, v]) => ({
                key,
                value: typeof v === "number" ? { doubleValue: v } : { stringValue: v },
              })),
              events: s.events ?? [],
              status: {},
            })),
          },
        ],
      },
    ],
  };
}

describe("OpenAI Agents SDK", () => {
  it("native export (synthetic, from the SDK's serializers): agents from agent spans, handoff as a delegation, trace as container", () => {
    const { format, trace } = importTrace(
      fs.readFileSync(path.join(SYNTHETIC, "openai-agents/triage-handoff.ingest.json"), "utf8"),
    );
    expect(format).toBe("openai-agents");
    expect(trace.agents.map((a) => a.name)).toEqual(["Triage Agent", "Billing Agent"]);
    expect(trace.steps).toHaveLength(9);
    expect(trace.steps[0]).toMatchObject({
      name: "Agent workflow",
      kind: "other",
      attributes: { "culprit.container": true },
    });
    expect(trace.steps.find((s) => s.kind === "delegate")).toMatchObject({
      agent: "Triage Agent",
      target: "Billing Agent",
      name: "handoff to Billing Agent",
    });
    expect(agentEdges(trace, "delegation")).toEqual(new Set(["Triage Agent->Billing Agent"]));
    expect(trace.steps.find((s) => s.kind === "tool_call")).toMatchObject({
      agent: "Billing Agent",
      status: "error",
      error: { message: "Error running tool" },
      tool: { name: "lookup_charges" },
    });
    expect(trace.steps.filter((s) => s.kind === "llm").map((s) => s.tokens?.total)).toEqual([196, 262, 315]);
    expect(trace.run.sourceFormat).toBe("openai-agents");
  });

  it("the same records as JSONL (a file processor's output) import alike", () => {
    const body = JSON.parse(
      fs.readFileSync(path.join(SYNTHETIC, "openai-agents/triage-handoff.ingest.json"), "utf8"),
    ) as { data: unknown[] };
    const { format, trace } = importTrace(body.data.map((r) => JSON.stringify(r)).join("\n"), {
      fileName: "trace.jsonl",
    });
    expect(format).toBe("openai-agents");
    expect(trace.agents.map((a) => a.name)).toEqual(["Triage Agent", "Billing Agent"]);
  });

  it("through OpenInference: graph.node.id agents under the 'Agent workflow' span, which is a container", () => {
    const { trace } = importValue(
      otlp([
        { id: "a000000000000001", name: "Agent workflow", start: 0, attrs: { "openinference.span.kind": "AGENT" } },
        {
          id: "a000000000000002",
          parent: "a000000000000001",
          name: "Triage Agent",
          start: 1,
          attrs: { "openinference.span.kind": "AGENT", "graph.node.id": "Triage Agent" },
        },
        {
          id: "a000000000000003",
          parent: "a000000000000002",
          name: "response",
          start: 2,
          attrs: { "openinference.span.kind": "LLM", "llm.model_name": "gpt-4o" },
        },
        {
          id: "a000000000000004",
          parent: "a000000000000002",
          name: "handoff to Billing Agent",
          start: 3,
          attrs: { "openinference.span.kind": "TOOL" },
        },
        {
          id: "a000000000000005",
          parent: "a000000000000001",
          name: "Billing Agent",
          start: 4,
          attrs: {
            "openinference.span.kind": "AGENT",
            "graph.node.id": "Billing Agent",
            "graph.node.parent_id": "Triage Agent",
          },
        },
        {
          id: "a000000000000006",
          parent: "a000000000000005",
          name: "lookup_charges",
          start: 5,
          attrs: { "openinference.span.kind": "TOOL", "tool.name": "lookup_charges" },
        },
      ]),
    );
    expect(trace.agents.map((a) => a.name)).toEqual(["Triage Agent", "Billing Agent"]);
    expect(trace.steps.map((s) => [s.agent, s.kind])).toEqual([
      ["Triage Agent", "other"],
      ["Triage Agent", "agent"],
      ["Triage Agent", "llm"],
      ["Triage Agent", "tool_call"],
      ["Billing Agent", "agent"],
      ["Billing Agent", "tool_call"],
    ]);
    expect(trace.steps[0].attributes?.["culprit.container"]).toBe(true);
    expect(trace.steps[3].target).toBe("Billing Agent");
    expect(agentEdges(trace, "delegation")).toEqual(new Set(["Triage Agent->Billing Agent"]));
  });
});

describe("an OpenInference TOOL span", () => {
  it("has the call's input as its arguments; `tool.parameters` is the tool's schema, read only without an input", () => {
    const schema = JSON.stringify({ city: { type: "string", description: "The city to look up" } });
    const tool = (attrs: Record<string, string>) =>
      importValue(
        otlp([
          { id: "b000000000000001", name: "Planner.run", start: 0, attrs: { "openinference.span.kind": "AGENT" } },
          {
            id: "b000000000000002",
            parent: "b000000000000001",
            name: "WeatherTool",
            start: 1,
            attrs: { "openinference.span.kind": "TOOL", "tool.name": "weather", "tool.parameters": schema, ...attrs },
          },
        ]),
      ).trace.steps.find((x) => x.kind === "tool_call")?.tool?.arguments;
    expect(tool({ "input.value": '{"kwargs": {"city": "Oslo"}}' })).toEqual({ kwargs: { city: "Oslo" } });
    expect(tool({})).toEqual(JSON.parse(schema));
  });
});

describe("CrewAI through OpenInference", () => {
  it("names agents by the role in the task span's input, not by the method; the kickoff root is a container", () => {
    const agentRepr = (role: string) =>
      JSON.stringify({ agent: `role='${role}' goal='help' backstory='...' llm=<LLM>` });
    const { trace } = importValue(
      otlp([
        { id: "c000000000000001", name: "Crew.kickoff", start: 0, attrs: { "openinference.span.kind": "CHAIN" } },
        {
          id: "c000000000000002",
          parent: "c000000000000001",
          name: "Task._execute_core",
          start: 1,
          attrs: { "openinference.span.kind": "AGENT", "input.value": agentRepr("Researcher") },
        },
        {
          id: "c000000000000003",
          parent: "c000000000000002",
          name: "completion",
          start: 2,
          attrs: { "openinference.span.kind": "LLM" },
        },
        {
          id: "c000000000000004",
          parent: "c000000000000001",
          name: "Task._execute_core",
          start: 3,
          attrs: { "openinference.span.kind": "AGENT", "input.value": agentRepr("Writer") },
        },
        {
          id: "c000000000000005",
          parent: "c000000000000004",
          name: "completion",
          start: 4,
          attrs: { "openinference.span.kind": "LLM" },
        },
      ]),
    );
    expect(trace.agents.map((a) => a.name)).toEqual(["Researcher", "Writer"]);
    expect(trace.steps[0]).toMatchObject({ name: "Crew.kickoff", attributes: { "culprit.container": true } });
    expect(agentEdges(trace, "delegation").size).toBe(0);
  });

  it("an anonymous agent span named after a method never becomes an agent", () => {
    const { trace } = importValue(
      otlp([
        { id: "d000000000000001", name: "run", start: 0, attrs: { "openinference.span.kind": "CHAIN" } },
        {
          id: "d000000000000002",
          parent: "d000000000000001",
          name: "Agent.execute_task",
          start: 1,
          attrs: { "openinference.span.kind": "AGENT" },
        },
      ]),
    );
    expect(trace.agents.map((a) => a.name)).toEqual(["svc"]);
  });
});

describe("evaluation scores set the outcome", () => {
  const withAttrs = (attrs: Record<string, string | number>, events?: unknown[]) =>
    importValue(
      otlp([{ id: "e000000000000001", name: "run", start: 0, attrs: { "gen_ai.agent.name": "a", ...attrs }, events }]),
    ).trace.run.outcome;

  it("pass/fail labels decide whatever the evaluation is called", () => {
    expect(withAttrs({ "eval.hallucination.label": "fail" })).toBe("failure");
    expect(withAttrs({ "annotation.name": "review", "annotation.label": "correct" })).toBe("success");
    expect(withAttrs({ "annotations.0.annotation.name": "qa", "annotations.0.annotation.label": "incorrect" })).toBe(
      "failure",
    );
  });

  it("0–1 scores decide for correctness-like evaluations, ≥ 0.5 passes", () => {
    expect(withAttrs({ "eval.correctness.score": 0.8 })).toBe("success");
    expect(withAttrs({ "eval.correctness.score": 0.2 })).toBe("failure");
    expect(withAttrs({ "eval.correctness.score": 0.5 })).toBe("success");
    expect(withAttrs({ "gen_ai.evaluation.name": "task_success", "gen_ai.evaluation.score.value": 0 })).toBe("failure");
  });

  it("other scores and other scales say nothing", () => {
    expect(withAttrs({ "eval.relevance.score": 0.1 })).toBe("unknown");
    expect(withAttrs({ "eval.correctness.score": 4 })).toBe("unknown");
  });

  it("gen_ai.evaluation.result events still decide", () => {
    const event = {
      name: "gen_ai.evaluation.result",
      timeUnixNano: "1700000000000000000",
      attributes: [
        { key: "gen_ai.evaluation.name", value: { stringValue: "accuracy" } },
        { key: "gen_ai.evaluation.score.value", value: { doubleValue: 0.9 } },
      ],
    };
    expect(withAttrs({}, [event])).toBe("success");
  });
});

describe("JS ReadableSpan dumps (synthetic)", () => {
  it("read hrtime pairs, parentSpanContext and numeric kinds through the OTLP mapping", () => {
    const { format, trace } = importTrace(fs.readFileSync(path.join(SYNTHETIC, "otel-js/readable-spans.json"), "utf8"));
    expect(format).toBe("otel-sdk");
    expect(trace.agents.map((a) => a.name)).toEqual(["planner", "booker"]);
    expect(trace.steps.map((s) => [s.agent, s.kind, s.status])).toEqual([
      ["planner", "agent", "unset"],
      ["planner", "llm", "unset"],
      ["booker", "agent", "unset"],
      ["booker", "tool_call", "error"],
    ]);
    expect(trace.steps[3].error?.message).toBe("fare no longer available");
    expect(trace.steps[1].attributes?.["otel.span_kind"]).toBe("client");
    expect(trace.steps[0].startTime).toBe("2025-06-02T10:00:00.000000000Z");
    expect(agentEdges(trace, "delegation")).toEqual(new Set(["planner->booker"]));
  });
});

describe("Langfuse scores", () => {
  const download = (scores: unknown, observationScores?: unknown) => ({
    trace: { id: "t1", name: "qa", scores },
    observations: [
      {
        id: "o1",
        traceId: "t1",
        type: "AGENT",
        name: "bot",
        startTime: "2025-01-01T00:00:00Z",
        ...(observationScores ? { scores: observationScores } : {}),
      },
    ],
  });
  it("a correctness score on the 0–1 scale or a pass/fail label sets the outcome; a hallucination flag does not", () => {
    expect(importValue(download([{ name: "correctness", value: 0.3 }])).trace.run.outcome).toBe("failure");
    expect(importValue(download([{ name: "review", stringValue: "passed", value: 1 }])).trace.run.outcome).toBe(
      "success",
    );
    expect(importValue(download([{ name: "hallucination", stringValue: "false", value: 0 }])).trace.run.outcome).toBe(
      "unknown",
    );
  });
  it("scores on an observation count when the trace has none", () => {
    expect(importValue(download([], [{ name: "exact_match", value: 1 }])).trace.run.outcome).toBe("success");
  });
});

describe("OpenAI Agents SDK through Langfuse (OpenInference attributes kept in metadata.attributes)", () => {
  it("the agent spans name the agents; the 'Agent workflow' observation is a container", () => {
    const obs = (
      id: string,
      parent: string | null,
      type: string,
      name: string,
      attributes: Record<string, string>,
    ) => ({
      id,
      traceId: "t1",
      parentObservationId: parent,
      type,
      name,
      startTime: `2025-01-01T00:00:0${id.slice(1)}Z`,
      metadata: { attributes },
    });
    const { trace } = importValue({
      trace: { id: "t1", name: "Agent workflow" },
      observations: [
        obs("o1", null, "AGENT", "Agent workflow", { "openinference.span.kind": "AGENT" }),
        obs("o2", "o1", "AGENT", "Triage Agent", {
          "openinference.span.kind": "AGENT",
          "graph.node.id": "Triage Agent",
        }),
        obs("o3", "o2", "TOOL", "handoff to Refund Agent", { "openinference.span.kind": "TOOL" }),
        obs("o4", "o1", "AGENT", "Refund Agent", {
          "openinference.span.kind": "AGENT",
          "graph.node.id": "Refund Agent",
          "graph.node.parent_id": "Triage Agent",
        }),
        obs("o5", "o4", "GENERATION", "response", { "openinference.span.kind": "LLM" }),
      ],
    });
    expect(trace.agents.map((a) => a.name)).toEqual(["Triage Agent", "Refund Agent"]);
    expect(trace.steps[0].attributes?.["culprit.container"]).toBe(true);
    expect(trace.steps[2]).toMatchObject({ agent: "Triage Agent", target: "Refund Agent" });
    expect(agentEdges(trace, "delegation")).toEqual(new Set(["Triage Agent->Refund Agent"]));
  });
});

describe("OpenAI Agents SDK lifecycle logs", () => {
  it("reads {event, span|trace} records, a span logged at start and end counting once with its end record", () => {
    const body = JSON.parse(
      fs.readFileSync(path.join(SYNTHETIC, "openai-agents/triage-handoff.ingest.json"), "utf8"),
    ) as { data: Record<string, unknown>[] };
    const lines = body.data.flatMap((r): Record<string, unknown>[] =>
      r.object === "trace"
        ? [{ event: "trace_start", trace: r }]
        : [
            { event: "span_start", span: { ...r, ended_at: null } },
            { event: "span_end", span: r },
          ],
    );
    const { format, trace } = importTrace(lines.map((l) => JSON.stringify(l)).join("\n"));
    expect(format).toBe("openai-agents");
    expect(trace.steps).toHaveLength(9);
    expect(trace.steps.every((s) => s.endTime !== undefined)).toBe(true);
    expect(agentEdges(trace, "delegation")).toEqual(new Set(["Triage Agent->Billing Agent"]));
  });
});
