import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { importTrace, importValue, mapOtlpRequests, decodeOtlpProtobuf } from "../index";
import { encodeOtlpProtobuf } from "./decode-otlp-protobuf";
import { TraceInputError } from "../../trace/errors";

const text = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/otlp-genai-multi-agent.json"), "utf8");
const request = () => JSON.parse(text);
const hexToBase64 = (hex: string) => Buffer.from(hex, "hex").toString("base64");

function spansOf(req: ReturnType<typeof request>) {
  return req.resourceSpans[0].scopeSpans[0].spans as Record<string, unknown>[];
}

describe("OTLP importer", () => {
  it("maps GenAI agent spans: agents, kinds, tool, memory, error, tokens, outcome and typed edges", () => {
    const { format, trace } = importTrace(text);
    expect(format).toBe("otlp");
    expect(trace.agents.map((a) => a.name)).toEqual(["supervisor", "researcher", "writer"]);
    const byName = Object.fromEntries(trace.steps.map((s) => [s.name, s]));
    expect(byName["invoke_agent researcher"]).toMatchObject({
      kind: "agent",
      agent: "researcher",
      sourceRef: "a000000000000002",
      parentId: "a000000000000001",
    });
    expect(byName["chat gpt-4o"]).toMatchObject({ kind: "llm", tokens: { input: 120, output: 40, total: 160 } });
    expect(byName["execute_tool save_memory"]).toMatchObject({
      kind: "tool_call",
      tool: { name: "save_memory" },
      state: { op: "write", key: "facts" },
    });
    expect(byName["search_memory facts"]).toMatchObject({ kind: "state_read", state: { op: "read", key: "facts" } });
    expect(byName["execute_tool web_fetch"]).toMatchObject({
      status: "error",
      error: { type: "TimeoutError", message: "web_fetch timed out after 60s" },
    });
    expect(byName["chat merge"].input).toContain("Merge the researcher notes");
    expect(trace.run.outcome).toBe("failure"); // gen_ai.evaluation.result label "fail"
    expect(trace.steps.map((s) => s.startTime)).toEqual([...trace.steps.map((s) => s.startTime)].sort());
    const kinds = (kind: string) => trace.edges.filter((e) => e.kind === kind).map((e) => `${e.from}->${e.to}`);
    expect(kinds("delegation")).toEqual(["a000000000000001->a000000000000002", "a000000000000001->a000000000000005"]);
    expect(kinds("state")).toEqual(["a000000000000004->a000000000000006"]);
    expect(kinds("message")).toEqual(["a000000000000003->a000000000000005"]);
    expect(kinds("aggregation").sort()).toEqual([
      "a000000000000003->a000000000000008",
      "a000000000000005->a000000000000008",
    ]);
    for (const e of trace.edges)
      expect(trace.steps.findIndex((s) => s.id === e.from)).toBeLessThan(trace.steps.findIndex((s) => s.id === e.to));
  });

  it("accepts base64 ids, enum-string kinds/status, numeric int64, older instrumentationLibrarySpans, arrays and JSONL", () => {
    const req = request();
    for (const span of spansOf(req)) {
      span.spanId = hexToBase64(span.spanId as string);
      if (span.parentSpanId) span.parentSpanId = hexToBase64(span.parentSpanId as string);
      span.traceId = hexToBase64(span.traceId as string);
      span.kind = "SPAN_KIND_INTERNAL";
      span.startTimeUnixNano = Number(span.startTimeUnixNano);
      span.status =
        (span.status as { code: number }).code === 2
          ? { code: "STATUS_CODE_ERROR", message: "tool timeout" }
          : { code: "STATUS_CODE_OK" };
    }
    const rs = req.resourceSpans[0];
    rs.instrumentationLibrarySpans = rs.scopeSpans.map((s: Record<string, unknown>) => ({
      instrumentationLibrary: s.scope,
      spans: s.spans,
    }));
    delete rs.scopeSpans;
    const expected = importTrace(text).trace;
    const variant = importValue(req).trace;
    expect(variant.steps.map((s) => [s.id, s.agent, s.kind, s.status])).toEqual(
      expected.steps.map((s) => [s.id, s.agent, s.kind, s.status]),
    );
    expect(variant.edges).toEqual(expected.edges);
    // Two requests as an array, and the same as JSONL.
    const [a, b] = [request(), request()];
    spansOf(a).splice(4);
    spansOf(b).splice(0, 4);
    expect(importValue([a, b]).trace.edges).toEqual(expected.edges);
    expect(importTrace(`${JSON.stringify(a)}\n${JSON.stringify(b)}\n`).trace.edges).toEqual(expected.edges);
  });

  it("decodes OTLP protobuf bodies to the OTLP/JSON shape", () => {
    const req = request();
    for (const span of spansOf(req)) {
      for (const k of ["traceId", "spanId", "parentSpanId"]) span[k] = span[k] ? hexToBase64(span[k] as string) : "";
    }
    const decoded = decodeOtlpProtobuf(encodeOtlpProtobuf(req));
    const trace = mapOtlpRequests([decoded]);
    const expected = importTrace(text).trace;
    expect(trace.steps.map((s) => [s.id, s.agent, s.kind, s.status, s.startTime])).toEqual(
      expected.steps.map((s) => [s.id, s.agent, s.kind, s.status, s.startTime]),
    );
    expect(trace.edges).toEqual(expected.edges);
    expect(() => decodeOtlpProtobuf(new Uint8Array([0x0a, 0xff, 0xff]))).toThrow(TraceInputError);
  });

  it("resolves agents from OpenInference, graph.node.*, Traceloop and LangGraph attributes", () => {
    const kv = (key: string, v: string) => ({ key, value: { stringValue: v } });
    const span = (id: string, parent: string, t: number, attrs: { key: string; value: unknown }[]) => ({
      spanId: id,
      parentSpanId: parent,
      name: `span-${id}`,
      startTimeUnixNano: `${1_700_000_000_000 + t}000000`,
      endTimeUnixNano: `${1_700_000_000_000 + t}500000`,
      attributes: attrs,
    });
    const req = {
      resourceSpans: [
        {
          resource: { attributes: [kv("service.name", "svc")] },
          scopeSpans: [
            {
              spans: [
                span("0000000000000001", "", 1, [
                  kv("openinference.span.kind", "AGENT"),
                  kv("agent.name", "planner"),
                  kv("graph.node.id", "p0"),
                ]),
                span("0000000000000002", "0000000000000001", 2, [
                  kv("traceloop.span.kind", "agent"),
                  kv("traceloop.entity.name", "coder"),
                ]),
                span("0000000000000003", "0000000000000002", 3, [kv("openinference.span.kind", "LLM")]),
                span("0000000000000004", "0000000000000001", 4, [
                  kv("metadata", JSON.stringify({ langgraph_node: "reviewer" })),
                ]),
                span("0000000000000005", "", 5, [
                  kv("graph.node.name", "critic"),
                  kv("graph.node.id", "c0"),
                  kv("graph.node.parent_id", "p0"),
                ]),
                span("0000000000000006", "", 6, []),
              ],
            },
          ],
        },
      ],
    };
    const { trace } = importValue(req);
    expect(trace.steps.map((s) => s.agent)).toEqual(["planner", "coder", "coder", "reviewer", "critic", "svc"]);
    expect(trace.edges.filter((e) => e.kind === "delegation").map((e) => `${e.from}->${e.to}`)).toEqual([
      "0000000000000001->0000000000000002",
      "0000000000000001->0000000000000004",
      "0000000000000001->0000000000000005",
    ]);
  });
});
