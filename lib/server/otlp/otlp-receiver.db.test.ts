import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { context, trace, SpanStatusCode, type Span, type Tracer } from "@opentelemetry/api";
import { TracerProvider, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { POST } from "@/app/v1/traces/route";
import { finalizeIdleTraces } from "./finalize-traces";
import { loadTrace } from "../load-trace";
import { pool } from "../pg-pool";

// The real OpenTelemetry JS SDK exporters, over real HTTP on loopback, into the receiver's handler.
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const response = await POST(
      new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
});

afterAll(async () => {
  server.close();
  await pool().end();
});

/**
 * A small multi-agent run, the way an instrumented app emits it:
 *   invoke_agent Orchestrator
 *   ├── invoke_agent Researcher ── execute_tool web_search (fails)
 *   └── invoke_agent Writer
 */
function emitRun(tracer: Tracer, label: string): string {
  // Explicit parent contexts: no global context manager is registered in this test process.
  const child = (parent: Span, name: string, attributes: Record<string, string>) =>
    tracer.startSpan(name, { attributes }, trace.setSpan(context.active(), parent));
  const root = tracer.startSpan("invoke_agent Orchestrator", {
    attributes: { "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "Orchestrator" },
  });
  const researcher = child(root, "invoke_agent Researcher", {
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.agent.name": "Researcher",
  });
  const tool = child(researcher, "execute_tool web_search", {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": "web_search",
  });
  tool.setStatus({ code: SpanStatusCode.ERROR, message: "503 from search backend" });
  tool.end();
  researcher.setAttribute(
    "gen_ai.output.messages",
    JSON.stringify([
      { role: "assistant", parts: [{ type: "text", content: `Found it (${label}): the answer is 1532.` }] },
    ]),
  );
  researcher.end();
  const writer = child(root, "invoke_agent Writer", {
    "gen_ai.operation.name": "invoke_agent",
    "gen_ai.agent.name": "Writer",
  });
  writer.setAttribute(
    "gen_ai.input.messages",
    JSON.stringify([{ role: "user", parts: [{ type: "text", content: `Found it (${label}): the answer is 1532.` }] }]),
  );
  writer.end();
  root.setStatus({ code: SpanStatusCode.ERROR, message: "wrong final answer" });
  root.end();
  return root.spanContext().traceId;
}

async function streamRun(exporter: SpanExporter, label: string) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": `otlp-${label}` }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer("culprit-test");
  const traceId = emitRun(tracer, label);
  await provider.forceFlush();
  await provider.shutdown();
  return traceId;
}

// The exporters' default 10 s export timeout is for unreachable collectors; here the receiver is
// on loopback and the test checks what it stores, not how fast: on a busy 2-core test machine the
// first export into a cold route (module load, Postgres) can take longer than 10 s.
const EXPORT_TIMEOUT_MS = 45_000;

describe.each([
  ["HTTP/JSON", () => new JsonExporter({ url: endpoint, timeoutMillis: EXPORT_TIMEOUT_MS })],
  ["HTTP/protobuf", () => new ProtoExporter({ url: endpoint, timeoutMillis: EXPORT_TIMEOUT_MS })],
])("live OTLP receiver with the OpenTelemetry JS %s exporter", (label, makeExporter) => {
  it("accumulates the spans of one trace into one run once the trace is idle", async () => {
    const traceId = await streamRun(makeExporter(), label);
    const { rows } = await pool().query(`SELECT "spanCount", "rootEnded" FROM otlp_trace_states WHERE "traceId" = $1`, [
      traceId,
    ]);
    expect(rows[0]).toEqual({ spanCount: 4, rootEnded: true });

    // Not idle long enough yet: nothing is finalized.
    expect(await finalizeIdleTraces(3600)).toEqual([]);
    // Other test files may leave idle traces in the shared buffer: find the run of this trace.
    const runIds = await finalizeIdleTraces(0);
    const { rows: state } = await pool().query<{ runId: string | null }>(
      `SELECT "runId" FROM otlp_trace_states WHERE "traceId" = $1`,
      [traceId],
    );
    expect(state[0].runId).not.toBeNull();
    expect(runIds).toContain(state[0].runId);
    const run = await loadTrace(state[0].runId!);
    expect(run?.run.sourceFormat).toBe("otlp");
    expect(run?.run.outcome).toBe("failure");
    expect(run?.agents.map((a) => a.name).sort()).toEqual(["Orchestrator", "Researcher", "Writer"]);
    expect(run?.steps).toHaveLength(4);
    for (const step of run!.steps) expect(step.sourceRef).toMatch(/^[0-9a-f]{16}$/);
    const failedTool = run!.steps.find((s) => s.status === "error" && s.agent === "Researcher");
    expect(failedTool?.error?.message).toContain("503");
    const byId = new Map(run!.steps.map((s) => [s.id, s]));
    const delegations = run!.edges
      .filter((e) => e.kind === "delegation")
      .map((e) => `${byId.get(e.from)?.agent}->${byId.get(e.to)?.agent}`);
    expect(delegations).toEqual(expect.arrayContaining(["Orchestrator->Researcher", "Orchestrator->Writer"]));
    // Finalized traces are not finalized again.
    expect(await finalizeIdleTraces(0)).toEqual([]);
  });
});

describe("receiver input errors", () => {
  it("rejects an unsupported content type with 415 and malformed bodies with 400", async () => {
    const post = (body: string, type: string) =>
      POST(new Request("http://localhost/v1/traces", { method: "POST", body, headers: { "content-type": type } }));
    expect((await post("{}", "text/plain")).status).toBe(415);
    expect((await post("{oops", "application/json")).status).toBe(400);
    expect((await post("\u0008\u0001garbage", "application/x-protobuf")).status).toBe(400);
  });
});
