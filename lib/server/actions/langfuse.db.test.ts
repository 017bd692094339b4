import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAction } from "./define-action";
import { reloadConfig } from "../config";
import { pool } from "../pg-pool";
import { ingestUpload } from "../ingest-upload";
import { minimalTrace } from "@/lib/trace/test-traces";
import { GET as listRunsRoute } from "@/app/api/runs/route";
import { GET as getReport } from "@/app/api/runs/[id]/report/route";
import {
  agentPrismTrace,
  KEYS,
  readFixture,
  startRecordedLangfuse,
  type RecordedLangfuse,
} from "@/lib/langfuse/recorded-langfuse-server";
import { shapeProblems } from "@/lib/langfuse/spec-shapes";
import { IMPORT_OPTIONS, importHandler, WRITE_BACK_OPTIONS, writeBackHandler } from "./langfuse-handlers";

// The upload page's import and the run page's write-back, against real Postgres and the loopback
// Langfuse that answers with the recorded API shapes. Loopback without sign-in: the local owner.
const RESEARCH = readFixture("trace-research-team.json") as Record<string, unknown>;
let langfuse: RecordedLangfuse;
const headers = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });

beforeAll(async () => {
  langfuse = await startRecordedLangfuse({ traces: [RESEARCH, agentPrismTrace()] });
  process.env.LANGFUSE_HOST = langfuse.url;
  process.env.LANGFUSE_PUBLIC_KEY = KEYS.publicKey;
  process.env.LANGFUSE_SECRET_KEY = KEYS.secretKey;
  reloadConfig();
});
afterAll(async () => {
  await langfuse.close();
  await pool().end();
});

const importIds = (traceIds: string) => runAction(IMPORT_OPTIONS, importHandler, { traceIds }, headers);
const writeBack = (runId: string) => runAction(WRITE_BACK_OPTIONS, writeBackHandler, { runId }, headers);

describe("Langfuse import and write-back (server)", () => {
  it("imports traces by id from the configured Langfuse, one run each, and reports an unknown id", async () => {
    const result = await importIds(`${RESEARCH.id}, no-such-trace`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [ok, missing] = result.data.results;
    expect(ok).toMatchObject({ traceId: RESEARCH.id, ok: true, created: true });
    expect(missing).toMatchObject({ traceId: "no-such-trace", ok: false });
    expect(missing.error).toContain("404");
    const { rows } = await pool().query(
      `SELECT "sourceFormat", attributes->>'id' AS id FROM runs WHERE id = $1::uuid`,
      [ok.runId],
    );
    expect(rows[0]).toEqual({ sourceFormat: "langfuse", id: RESEARCH.id });
  });

  it("bounds the input: at most 10 ids, no slashes, and refuses without a Langfuse setting", async () => {
    const many = Array.from({ length: 11 }, (_, i) => `t${i}`).join(" ");
    expect(await importIds(many)).toMatchObject({ ok: false, error: { code: "bad_input" } });
    expect(await importIds("../../api/public/projects")).toMatchObject({ ok: false, error: { code: "bad_input" } });
    const host = process.env.LANGFUSE_HOST;
    delete process.env.LANGFUSE_HOST;
    reloadConfig();
    try {
      expect(await importIds("abc")).toMatchObject({ ok: false, error: { code: "conflict" } });
    } finally {
      process.env.LANGFUSE_HOST = host;
      reloadConfig();
    }
  });

  it("writes the run's verdict back to its Langfuse trace as a score and a comment linking the run", async () => {
    const imported = await importIds(String(RESEARCH.id));
    if (!imported.ok) throw new Error(imported.error.message);
    const runId = imported.data.results[0].runId!;
    const before = langfuse.requests.length;
    const result = await writeBack(runId);
    expect(result).toMatchObject({
      ok: true,
      data: { traceId: RESEARCH.id, scoreId: expect.any(String), commentId: expect.any(String) },
    });
    const sent = langfuse.requests.slice(before);
    const score = sent.find((r) => r.path === "/api/public/scores")!.body as Record<string, unknown>;
    const comment = sent.find((r) => r.path === "/api/public/comments")!.body as Record<string, unknown>;
    expect(shapeProblems("CreateScoreRequest", score)).toEqual([]);
    expect(score).toMatchObject({
      value: "Researcher",
      metadata: { step: 4, runUrl: `http://localhost:3000/runs/${runId}` },
    });
    expect(comment.content).toContain(`http://localhost:3000/runs/${runId}`);
  });

  it("refuses to write back a run that did not come from Langfuse", async () => {
    const { runId } = await ingestUpload({
      bytes: new TextEncoder().encode(JSON.stringify(minimalTrace({ title: "not-langfuse" }))),
    });
    expect(await writeBack(runId)).toMatchObject({ ok: false, error: { code: "conflict" } });
  });
});

describe("reading runs with an API key (culprit mcp --server)", () => {
  it("GET /api/runs lists failed runs and GET report answers a bearer key, not an unknown one", async () => {
    const imported = await importIds(String(RESEARCH.id));
    if (!imported.ok) throw new Error(imported.error.message);
    const runId = imported.data.results[0].runId!;
    const token = "bootstrap-key-for-the-mcp-test-0123456789";
    process.env.CULPRIT_API_KEY = token;
    reloadConfig();
    const auth = (t: string) => new Headers({ host: "localhost:3000", authorization: `Bearer ${t}` });
    const list = await listRunsRoute(
      new Request("http://localhost:3000/api/runs?outcome=failure", { headers: auth(token) }),
    );
    expect(list.status).toBe(200);
    const body = (await list.json()) as { runs: { runId: string; outcome: string; culprit: string | null }[] };
    expect(body.runs.every((r) => r.outcome === "failure")).toBe(true);
    expect(body.runs.find((r) => r.runId === runId)).toMatchObject({ culprit: "Researcher" });
    const report = await getReport(
      new Request(`http://localhost:3000/api/runs/${runId}/report`, { headers: auth(token) }),
      {
        params: Promise.resolve({ id: runId }),
      },
    );
    expect(report.status).toBe(200);
    const bad = await listRunsRoute(
      new Request("http://localhost:3000/api/runs", { headers: auth("culprit_not-a-key") }),
    );
    expect(bad.status).toBe(401);
  });
});
