import { afterAll, afterEach, describe, expect, it } from "vitest";
import { POST } from "./route";
import { pool } from "@/lib/server/pg-pool";
import { minimalTrace } from "@/lib/trace/test-traces";
import { readFileSync } from "node:fs";
import path from "node:path";
import { reloadConfig } from "@/lib/server/config";

afterAll(async () => {
  await pool().end();
});
afterEach(() => {
  delete process.env.CULPRIT_MAX_UPLOAD_MB;
  delete process.env.CULPRIT_API_KEY;
  reloadConfig();
});

const post = (body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }, query = "") =>
  POST(new Request(`http://localhost/api/runs${query}`, { method: "POST", body, headers }));

async function runCount(): Promise<number> {
  const { rows } = await pool().query<{ n: string }>("SELECT count(*) AS n FROM runs");
  return Number(rows[0].n);
}

describe("POST /api/runs (real Postgres)", () => {
  it("creates a run from a JSON body, then returns the same run for the same content", async () => {
    const body = JSON.stringify(minimalTrace({ title: "api-json" }));
    const first = await post(body);
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({
      created: true,
      format: "culprit",
      steps: 2,
      agents: 2,
      url: `/runs/${created.runId}`,
    });
    // Same run, different whitespace: still the same content.
    const again = await post(JSON.stringify(minimalTrace({ title: "api-json" }), null, 2));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ runId: created.runId, created: false });
  });

  it("a file holding two traces creates two runs and lists both; the first stays at the top level", async () => {
    const real = (f: string) =>
      JSON.parse(
        readFileSync(path.join(import.meta.dirname, "../../../test/fixtures/real/monocle", f), "utf8"),
      ) as unknown[];
    const before = await runCount();
    const res = await post(
      JSON.stringify([...real("test_adk_multi_agent.json"), ...real("test_crewai_multi_agent.json")]),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(
      body.runs.map((r: { format: string; steps: number; agents: number; created: boolean }) => [
        r.format,
        r.steps,
        r.agents,
        r.created,
      ]),
    ).toEqual([
      ["otel-sdk", 11, 3, true],
      ["otel-sdk", 17, 3, true],
    ]);
    expect(body).toMatchObject({ runId: body.runs[0].runId, url: `/runs/${body.runs[0].runId}` });
    expect(body.runs[1].runId).not.toBe(body.runs[0].runId);
    expect(await runCount()).toBe(before + 2);
  });

  it("accepts multipart uploads with a file field", async () => {
    const form = new FormData();
    form.set(
      "file",
      new File([JSON.stringify(minimalTrace({ title: "api-multipart" }))], "run.json", { type: "application/json" }),
    );
    const res = await POST(new Request("http://localhost/api/runs", { method: "POST", body: form }));
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON with 400 and the line and column", async () => {
    const before = await runCount();
    const res = await post('{\n  "schema": "culprit.trace/v1",\n  "run": {,\n}');
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe("malformed_json");
    expect(error.location).toEqual({ line: 3, column: 11 });
    expect(await runCount()).toBe(before);
  });

  it("answers a schema violation with 422 listing each issue's path", async () => {
    const bad = minimalTrace({ title: "api-bad" }) as Record<string, any>;
    bad.steps[0].kind = "dance";
    bad.steps[1].agent = "Nobody";
    const res = await post(JSON.stringify(bad));
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe("schema");
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(["steps[0].kind", "steps[1].agent"]),
    );
  });

  it("answers an oversized upload with 413 and a clear message, without storing anything", async () => {
    process.env.CULPRIT_MAX_UPLOAD_MB = "0.01"; // ~10 KB
    reloadConfig();
    const before = await runCount();
    const big = minimalTrace({ title: "api-big", task: "x".repeat(20_000) });
    const res = await post(JSON.stringify(big));
    expect(res.status).toBe(413);
    const { error } = await res.json();
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/limit is 0\.0 MB|CULPRIT_MAX_UPLOAD_MB/);
    expect(await runCount()).toBe(before);
  });

  it("enforces the limit on streamed bodies without a Content-Length", async () => {
    process.env.CULPRIT_MAX_UPLOAD_MB = "0.01";
    reloadConfig();
    const chunk = new TextEncoder().encode(" ".repeat(4096));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await POST(
      new Request("http://localhost/api/runs", {
        method: "POST",
        body: stream,
        headers: { "content-type": "application/json" },
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
  });

  it("rejects an unknown forced format and unknown content", async () => {
    const forced = await post(JSON.stringify(minimalTrace()), undefined, "?format=xml");
    expect(forced.status).toBe(422);
    expect((await forced.json()).error.message).toContain("Unknown format");
    const unknown = await post(JSON.stringify({ hello: "world" }));
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.code).toBe("unknown_format");
  });

  it("requires the bearer key when CULPRIT_API_KEY is set", async () => {
    process.env.CULPRIT_API_KEY = "s3cret";
    reloadConfig();
    const body = JSON.stringify(minimalTrace({ title: "api-key" }));
    expect((await post(body)).status).toBe(401);
    expect((await post(body, { "content-type": "application/json", authorization: "Bearer wrong" })).status).toBe(401);
    expect((await post(body, { "content-type": "application/json", authorization: "Bearer s3cret" })).status).toBe(201);
    // Security review L-2: a forged browser header is no stand-in for the key (curl can send it).
    const forged = { "content-type": "application/json", "sec-fetch-site": "same-origin", origin: "http://localhost" };
    expect((await post(JSON.stringify(minimalTrace({ title: "forged" })), forged)).status).toBe(401);
  });
});
