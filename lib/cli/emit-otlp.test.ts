import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitVerdictOtlp } from "./emit-otlp";
import { importTraces } from "../importers/index";
import { analyzeTrace } from "../attribution/index";
import { readFixture } from "../langfuse/recorded-langfuse-server";

// A loopback collector that decodes what the OTel JS SDK's OTLP/HTTP JSON exporter sends.
const received: unknown[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({
      path: req.url,
      type: req.headers["content-type"],
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    });
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Attr = { key: string; value: { stringValue?: string; doubleValue?: number; intValue?: number | string } };
const attrs = (list: Attr[]) =>
  Object.fromEntries(list.map((a) => [a.key, a.value.stringValue ?? a.value.doubleValue ?? Number(a.value.intValue)]));

describe("--emit-otlp", () => {
  it("sends the verdict as a gen_ai.evaluation.result event on a span inside the source trace", async () => {
    const { observations, ...trace } = readFixture("trace-research-team.json") as Record<string, unknown>;
    const [imported] = importTraces(JSON.stringify({ trace, observations }), { format: "langfuse" });
    const report = analyzeTrace(imported.trace);
    await emitVerdictOtlp(url, report, { traceId: String(trace.id), runUrl: "http://127.0.0.1:4107/runs/r1" });
    const request = received.at(-1) as { path: string; type: string; body: any };
    expect(request.path).toBe("/v1/traces");
    expect(request.type).toContain("application/json");
    const span = request.body.resourceSpans[0].scopeSpans[0].spans[0];
    expect(span.name).toBe("evaluate culprit");
    // Joins the source trace under the decisive observation, and links to it.
    expect(span.traceId).toBe(trace.id);
    expect(span.parentSpanId).toBe("a1b2c3d4e5f60004");
    expect(span.links[0]).toMatchObject({ traceId: trace.id, spanId: "a1b2c3d4e5f60004" });
    const event = span.events[0];
    expect(event.name).toBe("gen_ai.evaluation.result");
    const a = attrs(event.attributes);
    expect(a).toMatchObject({
      "gen_ai.evaluation.name": "culprit",
      "gen_ai.evaluation.score.label": "Researcher",
      "culprit.step": 4,
    });
    expect(a["gen_ai.evaluation.score.value"]).toBeCloseTo(report.decisive!.confidence, 2);
    expect(a["culprit.run.url"]).toBe("http://127.0.0.1:4107/runs/r1");
  });

  it("reports a collector that refuses the export", async () => {
    const refusing = http.createServer((_req, res) => {
      res.writeHead(400);
      res.end("no");
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const port = (refusing.address() as AddressInfo).port;
    const { observations, ...trace } = readFixture("trace-research-team.json") as Record<string, unknown>;
    const report = analyzeTrace(importTraces(JSON.stringify({ trace, observations }), { format: "langfuse" })[0].trace);
    await expect(emitVerdictOtlp(`http://127.0.0.1:${port}/v1/traces`, report, {})).rejects.toThrow(/OTLP export/);
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });
});
