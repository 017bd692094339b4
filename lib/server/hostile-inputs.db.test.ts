import http from "node:http";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postRuns } from "@/app/api/runs/route";
import { POST as postTraces } from "@/app/v1/traces/route";
import { GET as health } from "@/app/api/health/route";
import { hostileInputs } from "@/test/hostile/hostile-inputs";
import { pool } from "./pg-pool";
import { reloadConfig } from "@/lib/server/config";

// The review's hostile files, sent over real HTTP on loopback to the real route handlers, while
// a second client polls /api/health: each must be answered within 15 s, and health within 2 s
// throughout (imports and analyses run in sandbox processes, not on this event loop).
let base: string;
let server: http.Server;

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" ? undefined : Buffer.concat(chunks),
    });
    const path = new URL(request.url).pathname;
    const response =
      path === "/api/health"
        ? await health(request)
        : path === "/v1/traces"
          ? await postTraces(request)
          : await postRuns(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await fetch(`${base}/api/health`);
});

afterAll(async () => {
  server.close();
  await pool().end();
});

/** Sends `body` while polling health every 250 ms; returns the answer and the worst health latency. */
async function sendWhileProbing(path: string, body: Uint8Array | string, headers: Record<string, string>) {
  let worstHealthMs = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      const r = await fetch(`${base}/api/health`);
      await r.arrayBuffer();
      expect(r.status).toBe(200);
      worstHealthMs = Math.max(worstHealthMs, performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { method: "POST", body: body as BodyInit, headers });
  const json = (await res.json().catch(() => ({}))) as Record<string, any>;
  const elapsedMs = performance.now() - started;
  probing = false;
  await probe;
  return { status: res.status, json, elapsedMs, worstHealthMs };
}

const JSON_TYPE = { "content-type": "application/json" };

describe("hostile inputs from the security review (real HTTP, real Postgres)", () => {
  it.each([
    ["F-4a duplicate span ids (40k spans, one id)", () => hostileInputs.duplicateSpanIds(40_000)],
    ["F-4b speaker name with 160k spaces", () => hostileInputs.speakerSpaces(160_000)],
    ["F-4c tool output of 320k newlines", () => hostileInputs.toolNewlines(320_000)],
    ["F-4d 200 steps of 20k newlines", () => hostileInputs.stepNewlines(200)],
    ["F-4e 400 voting agents", () => hostileInputs.voteAggregator(400)],
  ])("%s: answered within 15 s, health within 2 s", async (_label, make) => {
    const r = await sendWhileProbing("/api/runs", make(), JSON_TYPE);
    expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
    expect(r.elapsedMs).toBeLessThan(15_000);
    expect(r.worstHealthMs).toBeLessThan(2_000);
  });

  it("F-2 40 MB of empty OTLP/JSON spans on /api/runs: a clear 413, the server stays up", async () => {
    const r = await sendWhileProbing("/api/runs", hostileInputs.emptySpansJson(40), JSON_TYPE);
    expect(r.status).toBe(413);
    expect(r.json.error.message).toMatch(/limit|exceeded|Too many/i);
    expect(r.elapsedMs).toBeLessThan(15_000);
    expect(r.worstHealthMs).toBeLessThan(2_000);
  });

  it("F-2 45 MB OTLP/protobuf bomb on /v1/traces: refused by span count before decoding", async () => {
    const r = await sendWhileProbing("/v1/traces", hostileInputs.emptySpansProtobuf(45), {
      "content-type": "application/x-protobuf",
    });
    expect(r.status).toBe(413);
    expect(r.elapsedMs).toBeLessThan(15_000);
    expect(r.worstHealthMs).toBeLessThan(2_000);
  });

  it("H-2 one span with 10 M empty attributes (20 MB protobuf): refused by field count before decoding", async () => {
    const rssBefore = process.memoryUsage().rss;
    const r = await sendWhileProbing("/v1/traces", hostileInputs.attributeBombProtobuf(10_000_000), {
      "content-type": "application/x-protobuf",
    });
    expect(r.status).toBe(413);
    expect(r.json.error.message).toMatch(/CULPRIT_MAX_OTLP_FIELDS/);
    expect(r.elapsedMs).toBeLessThan(15_000);
    expect(r.worstHealthMs).toBeLessThan(2_000);
    // The decoded graph never reaches this process (it was 2.4 GB of RSS before the fix).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
  });

  it("H-2 a span with 50k attributes (under the field limit) is buffered, its text made in the sandbox", async () => {
    const r = await sendWhileProbing("/v1/traces", hostileInputs.attributeBombProtobuf(50_000), {
      "content-type": "application/x-protobuf",
    });
    expect(r.status).toBe(200);
    expect(r.worstHealthMs).toBeLessThan(2_000);
  });

  it("M-2 40 MB of empty spans under an escaped key: a clear 413, not a 30 s import", async () => {
    const r = await sendWhileProbing("/api/runs", hostileInputs.escapedKeySpansJson(40), JSON_TYPE);
    expect(r.status).toBe(413);
    expect(r.elapsedMs).toBeLessThan(10_000);
    expect(r.worstHealthMs).toBeLessThan(2_000);
  });

  it("F-4a duplicate span ids on /v1/traces are buffered quickly", async () => {
    const r = await sendWhileProbing("/v1/traces", hostileInputs.duplicateSpanIds(40_000), JSON_TYPE);
    expect(r.status).toBe(200);
    expect(r.elapsedMs).toBeLessThan(15_000);
    expect(r.worstHealthMs).toBeLessThan(2_000);
  });

  it("F-15 a gzip bomb is refused at the decompressed upload limit, a normal gzip body is accepted", async () => {
    process.env.CULPRIT_MAX_UPLOAD_MB = "1";
    reloadConfig();
    try {
      const bomb = zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)); // 64 MB of spaces, ~64 KB gzipped
      const r = await sendWhileProbing("/api/runs", bomb, { ...JSON_TYPE, "content-encoding": "gzip" });
      expect(r.status).toBe(413);
      expect(r.json.error.message).toMatch(/decompressed/);
      const ok = await sendWhileProbing("/v1/traces", zlib.gzipSync('{"resourceSpans":[]}'), {
        ...JSON_TYPE,
        "content-encoding": "gzip",
      });
      expect(ok.status).toBe(200);
      const deflated = await sendWhileProbing("/v1/traces", zlib.deflateSync('{"resourceSpans":[]}'), {
        ...JSON_TYPE,
        "content-encoding": "deflate",
      });
      expect(deflated.status).toBe(200);
      const br = await sendWhileProbing("/v1/traces", zlib.brotliCompressSync('{"resourceSpans":[]}'), {
        ...JSON_TYPE,
        "content-encoding": "br",
      });
      expect(br.status).toBe(415);
    } finally {
      delete process.env.CULPRIT_MAX_UPLOAD_MB;
      reloadConfig();
    }
  });
});
