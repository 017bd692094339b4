import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runPull } from "./pull-langfuse";
import {
  agentPrismTrace,
  KEYS,
  readFixture,
  startRecordedLangfuse,
  type RecordedLangfuse,
} from "../langfuse/recorded-langfuse-server";
import { shapeProblems } from "../langfuse/spec-shapes";
import { retryDelayMs } from "../langfuse/langfuse-client";

const RESEARCH = readFixture("trace-research-team.json") as Record<string, unknown>;
const PRISM = agentPrismTrace();
let langfuse: RecordedLangfuse | undefined;

afterEach(async () => {
  await langfuse?.close();
  langfuse = undefined;
});

async function pull(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPull(
    ["langfuse", "--host", langfuse!.url, "--json", ...args],
    (l) => out.push(l),
    (l) => err.push(l),
    {
      LANGFUSE_PUBLIC_KEY: KEYS.publicKey,
      LANGFUSE_SECRET_KEY: KEYS.secretKey,
      ...env,
    },
  );
  return { code, lines: out.map((l) => JSON.parse(l)), err };
}

const stateFile = () => path.join(mkdtempSync(path.join(tmpdir(), "culprit-pull-")), "state.json");
const gets = (l: RecordedLangfuse, p: string) => l.requests.filter((r) => r.method === "GET" && r.path.startsWith(p));

describe("culprit pull langfuse", () => {
  it("pages through the trace list, survives 429s and names the culprit of the failed trace", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH, PRISM], pageSizeCap: 1, rateLimitFirst: 2 });
    const { code, lines, err } = await pull(["--since", "2020-01-01", "--state", stateFile()]);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    // The read-API probe (answered 429 twice, then retried), then two pages of one trace each, oldest first.
    const lists = gets(langfuse, "/api/public/traces").filter((r) => r.path === "/api/public/traces");
    expect(lists.map((r) => `${r.query.get("page")}/${r.query.get("limit")}`)).toEqual([
      "1/1",
      "1/1",
      "1/1",
      "1/50",
      "2/50",
    ]);
    const research = lines.find((l) => l.traceId === RESEARCH.id);
    expect(research).toMatchObject({ ok: true, outcome: "failure", agent: "Researcher", step: 4 });
    expect(lines.find((l) => l.traceId === PRISM.id)).toMatchObject({ ok: true });
  });

  it("resumes: traces in the state file are not downloaded again", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH, PRISM] });
    const state = stateFile();
    await pull(["--trace", String(RESEARCH.id), "--state", state]);
    expect(JSON.parse(readFileSync(state, "utf8")).traces[String(RESEARCH.id)]).toMatchObject({ wroteBack: false });
    const before = gets(langfuse, "/api/public/traces/").length;
    const again = await pull(["--trace", String(RESEARCH.id), "--trace", String(PRISM.id), "--state", state]);
    expect(again.lines[0]).toMatchObject({ traceId: RESEARCH.id, skipped: "already-pulled" });
    expect(again.lines[1]).toMatchObject({ traceId: PRISM.id, ok: true });
    expect(gets(langfuse, "/api/public/traces/").length - before).toBe(1);
  });

  it("--failed-only keeps only traces Langfuse scored as failed or with an ERROR observation", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH, PRISM] });
    const state = stateFile();
    const { lines } = await pull(["--since", "2020-01-01", "--failed-only", "--state", state]);
    expect(lines.find((l) => l.traceId === RESEARCH.id)).toMatchObject({ agent: "Researcher" });
    expect(lines.find((l) => l.traceId === PRISM.id)).toMatchObject({ skipped: "not-failed" });
    // A skipped trace stays out of the state file: scored as failed later, a rerun takes it.
    expect(Object.keys(JSON.parse(readFileSync(state, "utf8")).traces)).toEqual([RESEARCH.id]);
  });

  it("reads observations from /api/public/observations when the trace comes without them", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH], withoutObservations: [String(RESEARCH.id)] });
    const { lines } = await pull(["--trace", String(RESEARCH.id), "--state", stateFile()]);
    expect(gets(langfuse, "/api/public/observations")[0].query.get("traceId")).toBe(RESEARCH.id);
    expect(lines[0]).toMatchObject({ agent: "Researcher", step: 4 });
  });

  it("--write-back posts a score on the decisive observation and a comment on the trace, per the spec", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH] });
    const { code, lines } = await pull(["--trace", String(RESEARCH.id), "--write-back", "--state", stateFile()]);
    expect(code).toBe(0);
    expect(lines[0]).toMatchObject({ wroteBack: true });
    const score = langfuse.requests.find((r) => r.path === "/api/public/scores")!.body as Record<string, unknown>;
    const comment = langfuse.requests.find((r) => r.path === "/api/public/comments")!.body as Record<string, unknown>;
    expect(shapeProblems("CreateScoreRequest", score)).toEqual([]);
    expect(shapeProblems("CreateCommentRequest", comment)).toEqual([]);
    expect(score).toMatchObject({
      traceId: RESEARCH.id,
      observationId: "a1b2c3d4e5f60004",
      name: "culprit",
      value: "Researcher",
      dataType: "CATEGORICAL",
    });
    expect(score.metadata).toMatchObject({ agent: "Researcher", step: 4 });
    expect(comment).toMatchObject({ projectId: "proj-culprit-test", objectType: "trace", objectId: RESEARCH.id });
    expect(comment.content).toContain("Researcher at step 4");
    expect(comment.content).not.toMatch(/step a1b2c3d4e5f6/);
  });

  it("Langfuse v4 (no v1 trace endpoints): lists and reads traces through the v2 observations API", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH, PRISM], v4: true, pageSizeCap: 3 });
    const { code, lines, err } = await pull(["--since", "2020-01-01", "--failed-only", "--state", stateFile()]);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(lines.find((l) => l.traceId === RESEARCH.id)).toMatchObject({
      ok: true,
      outcome: "failure",
      agent: "Researcher",
      step: 4,
    });
    expect(lines.find((l) => l.traceId === PRISM.id)).toMatchObject({ skipped: "not-failed" });
    // The research trace's 6 observations came in two cursor pages of 3.
    const pages = gets(langfuse, "/api/public/v2/observations").filter((r) => r.query.get("traceId") === RESEARCH.id);
    expect(pages.map((r) => r.query.get("cursor") !== null)).toEqual([false, true]);
    expect(gets(langfuse, "/api/public/v2/scores").length).toBe(2);
  });

  it("--emit-otlp sends each verdict to the OTLP endpoint as it goes", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH] });
    const bodies: string[] = [];
    const collector = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
      const { code } = await pull(["--trace", String(RESEARCH.id), "--emit-otlp", url, "--state", stateFile()]);
      expect(code).toBe(0);
      expect(bodies).toHaveLength(1);
      const span = JSON.parse(bodies[0]).resourceSpans[0].scopeSpans[0].spans[0];
      expect(span).toMatchObject({ name: "evaluate culprit", traceId: RESEARCH.id });
      expect(span.events[0].name).toBe("gen_ai.evaluation.result");
    } finally {
      await new Promise<void>((resolve) => collector.close(() => resolve()));
    }
  });

  it("wrong keys: Langfuse's 401 is reported per trace and the exit code says so", async () => {
    langfuse = await startRecordedLangfuse({ traces: [RESEARCH] });
    const { code, lines } = await pull(["--trace", String(RESEARCH.id), "--state", stateFile()], {
      LANGFUSE_SECRET_KEY: "wrong",
    });
    expect(code).toBe(1);
    expect(lines[0]).toMatchObject({ ok: false });
    expect(lines[0].error).toContain("401");
  });

  it("refuses a host that is not http(s) and keys that are missing, before any request", async () => {
    const err: string[] = [];
    expect(
      await runPull(
        ["langfuse", "--host", "file:///etc/passwd"],
        () => {},
        (l) => err.push(l),
        { LANGFUSE_PUBLIC_KEY: "a", LANGFUSE_SECRET_KEY: "b" },
      ),
    ).toBe(2);
    expect(err[0]).toContain("http(s)");
    expect(
      await runPull(
        ["langfuse", "--host", "http://127.0.0.1:9"],
        () => {},
        (l) => err.push(l),
        {},
      ),
    ).toBe(2);
    expect(err[1]).toContain("LANGFUSE_PUBLIC_KEY");
  });
});

describe("retry delay", () => {
  it("honours Retry-After in seconds and as a date, else backs off exponentially", () => {
    expect(retryDelayMs("3", 0)).toBe(3000);
    expect(retryDelayMs(new Date(10_000).toUTCString(), 0, 4_000)).toBe(6000);
    expect([0, 1, 2].map((a) => retryDelayMs(null, a))).toEqual([1000, 2000, 4000]);
  });
});
