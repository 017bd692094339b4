import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GET as listRuns, POST as postRun } from "@/app/api/runs/route";
import { GET as getReport } from "@/app/api/runs/[id]/report/route";
import { GET as getStep } from "@/app/api/runs/[id]/steps/[stepId]/route";
import { reloadConfig } from "@/lib/server/config";
import { pool } from "@/lib/server/pg-pool";
import { ingestUpload } from "@/lib/server/ingest-upload";
import { KEYS, readFixture, startRecordedLangfuse } from "@/lib/langfuse/recorded-langfuse-server";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { runPull } from "./pull-langfuse";
import { createCulpritServer } from "./culprit-server";
import { RemoteBackend } from "./mcp/remote-backend";
import { startMcpHttp } from "./mcp/mcp-main";

// The CLI against a real Culprit API (route handlers on real Postgres, served over loopback HTTP) with
// sign-in required, so only the API key lets it in: `culprit mcp --server` and `culprit pull --server`.
const KEY = `mcp-test-key-${randomBytes(8).toString("hex")}`;
process.env.CULPRIT_AUTH = "required";
process.env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64url");
process.env.CULPRIT_API_KEY = KEY;
reloadConfig();

let api: http.Server;
let apiUrl: string;
const mcpServers: http.Server[] = [];
let runId: string;

function route(method: string, pathname: string) {
  const m = /^\/api\/runs(?:\/([^/]+)(?:\/(report|steps)(?:\/([^/]+))?)?)?$/.exec(pathname);
  if (!m) return undefined;
  const [, id, what, stepId] = m;
  const params = { params: Promise.resolve({ id, stepId: stepId ? decodeURIComponent(stepId) : "" }) };
  if (!id) return method === "POST" ? (r: Request) => postRun(r) : (r: Request) => listRuns(r);
  if (what === "report") return (r: Request) => getReport(r, params);
  if (what === "steps" && stepId) return (r: Request) => getStep(r, params);
  return undefined;
}

beforeAll(async () => {
  const { observations, ...trace } = readFixture("trace-research-team.json") as Record<string, unknown>;
  const bytes = new TextEncoder().encode(JSON.stringify({ trace, observations }));
  runId = (await ingestUpload({ bytes, format: "langfuse", fileName: "research-team.json" })).runId;
  api = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost:3000");
    const handler = route(req.method ?? "GET", url.pathname);
    if (!handler) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers(req.headers as Record<string, string>);
    headers.set("host", "localhost:3000");
    const body = req.method === "GET" ? undefined : Buffer.concat(chunks);
    const response = await handler(new Request(url, { method: req.method, headers, body }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of mcpServers) s.close();
  api.close();
  await pool().end();
});

async function clientFor(key: string | undefined) {
  const bounds = { root: path.resolve(import.meta.dirname, "../../test/fixtures"), maxBytes: 1e6, maxRuns: 5 };
  const server = await startMcpHttp(new RemoteBackend(createCulpritServer(apiUrl, key), bounds, false), 0);
  mcpServers.push(server);
  const client = new Client({ name: "culprit-test", version: "1.0.0" });
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

type ToolResult = { content: { text: string }[]; isError?: boolean };
const call = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as ToolResult;

describe("culprit mcp --server", () => {
  it("lists failed runs, gets the verdict and explains a step through the API with its key", async () => {
    const client = await clientFor(KEY);
    try {
      const failed = JSON.parse((await call(client, "list_failed_runs", {})).content[0].text);
      expect(failed.find((r: { runId: string }) => r.runId === runId)).toMatchObject({ culprit: "Researcher" });
      const verdict = JSON.parse((await call(client, "get_verdict", { runId })).content[0].text);
      expect(verdict.decisive).toMatchObject({ agent: "Researcher", step: 4 });
      const step = JSON.parse((await call(client, "explain_step", { runId, step: 4 })).content[0].text);
      expect(step).toMatchObject({ agent: "Researcher", isDecisive: true });
      expect(step.content).toContain("1532");
      // Read-only: analyze_trace analyzes locally and stores no run.
      const before = await pool().query("SELECT count(*)::int AS n FROM runs");
      const [analyzed] = JSON.parse(
        (await call(client, "analyze_trace", { path: "langfuse-api/trace-research-team.json", format: "langfuse" }))
          .content[0].text,
      );
      expect(analyzed.runId).toMatch(/^not-stored-/);
      expect((await pool().query("SELECT count(*)::int AS n FROM runs")).rows[0].n).toBe(before.rows[0].n);
    } finally {
      await client.close();
    }
  });

  it("without the key the server's access rules answer: 401, as a tool error", async () => {
    const client = await clientFor(undefined);
    try {
      const r = await call(client, "get_verdict", { runId });
      expect(r.isError).toBe(true);
      expect(r.content[0].text).toContain("401");
    } finally {
      await client.close();
    }
  });
});

describe("culprit pull langfuse --server", () => {
  it("uploads each trace to the server with the API key and writes the server's verdict back with the run link", async () => {
    const trace = readFixture("trace-research-team.json") as Record<string, unknown>;
    const langfuse = await startRecordedLangfuse({ traces: [trace] });
    try {
      const out: string[] = [];
      const state = path.join(mkdtempSync(path.join(tmpdir(), "culprit-pull-")), "state.json");
      const args = [
        "langfuse",
        "--host",
        langfuse.url,
        "--trace",
        String(trace.id),
        "--server",
        apiUrl,
        "--write-back",
      ];
      const env = { LANGFUSE_PUBLIC_KEY: KEYS.publicKey, LANGFUSE_SECRET_KEY: KEYS.secretKey, CULPRIT_API_KEY: KEY };
      const code = await runPull(
        [...args, "--json", "--state", state],
        (l) => out.push(l),
        (l) => out.push(l),
        env,
      );
      expect(code).toBe(0);
      const line = JSON.parse(out[0]);
      // The same content as the run stored above: the server answers with that run.
      expect(line).toMatchObject({ ok: true, runId, agent: "Researcher", step: 4, wroteBack: true });
      const score = langfuse.requests.find((r) => r.path === "/api/public/scores")?.body as {
        metadata: { runUrl: string };
      };
      expect(score.metadata.runUrl).toBe(`${apiUrl}/runs/${runId}`);
      const refused = await runPull(
        [...args, "--json", "--force", "--state", state],
        (l) => out.push(l),
        () => {},
        {
          ...env,
          CULPRIT_API_KEY: "wrong",
        },
      );
      expect(refused).toBe(1);
      expect(out.at(-1)).toContain("401");
    } finally {
      await langfuse.close();
    }
  });
});
