import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LocalBackend } from "./mcp-backend";
import { startMcpHttp } from "./mcp-main";

const REPO = path.resolve(import.meta.dirname, "../../..");
const FIXTURE = "langfuse-api/trace-research-team.json";
const TOOLS = ["analyze_trace", "explain_step", "get_suggested_fix", "get_verdict", "list_failed_runs"];

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
const json = (r: unknown) => JSON.parse((r as ToolResult).content[0].text);

/** The same conversation over either transport: list tools, analyze a fixture, ask about the run. */
async function converse(client: Client) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
  const [run] = json(
    await client.callTool({ name: "analyze_trace", arguments: { path: FIXTURE, format: "langfuse" } }),
  );
  expect(run).toMatchObject({ outcome: "failure", decisive: { agent: "Researcher", step: 4 } });
  const verdict = json(await client.callTool({ name: "get_verdict", arguments: { runId: run.runId } }));
  expect(verdict.headline).toContain("Researcher at step 4");
  expect(verdict.propagationPath[0]).toMatchObject({ step: 4, agent: "Researcher" });
  const failed = json(await client.callTool({ name: "list_failed_runs", arguments: {} }));
  expect(failed.map((r: { runId: string }) => r.runId)).toContain(run.runId);
  const step = json(await client.callTool({ name: "explain_step", arguments: { runId: run.runId, step: 4 } }));
  expect(step).toMatchObject({ step: 4, agent: "Researcher", isDecisive: true });
  expect(step.content).toContain("1532");
  const fix = json(await client.callTool({ name: "get_suggested_fix", arguments: { runId: run.runId } }));
  if (fix.fixes.length === 0) expect(fix.text).toEqual(["no fix suggested"]);
  else expect(fix.text.length).toBe(fix.fixes.length);
  return run.runId as string;
}

describe("culprit mcp", () => {
  let httpServer: Server | undefined;
  afterAll(() => httpServer?.close());

  it("over stdio: the SDK's client lists the tools and gets a verdict for a fixture", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO, "bin/culprit.mjs"), "mcp", "--root", path.join(REPO, "test/fixtures")],
      cwd: REPO,
      stderr: "pipe",
    });
    const client = new Client({ name: "culprit-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      await converse(client);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("over streamable HTTP on loopback, with its input bounds", async () => {
    httpServer = await startMcpHttp(
      new LocalBackend({ root: path.join(REPO, "test/fixtures"), maxBytes: 50 * 1024 * 1024, maxRuns: 50 }),
      0,
    );
    const port = (httpServer.address() as AddressInfo).port;
    expect((httpServer.address() as AddressInfo).address).toBe("127.0.0.1");
    const client = new Client({ name: "culprit-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    try {
      await converse(client);
      const outside = (await client.callTool({
        name: "analyze_trace",
        arguments: { path: "../../package.json" },
      })) as ToolResult;
      expect(outside.isError).toBe(true);
      expect(outside.content[0].text).toContain("outside");
      const both = (await client.callTool({ name: "analyze_trace", arguments: {} })) as ToolResult;
      expect(both.isError).toBe(true);
      const unknown = (await client.callTool({ name: "get_verdict", arguments: { runId: "local-999" } })) as ToolResult;
      expect(unknown.isError).toBe(true);
      const tooLong = (await client.callTool({
        name: "get_verdict",
        arguments: { runId: "x".repeat(101) },
      })) as ToolResult;
      expect(tooLong.isError).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("refuses a request whose Host is not loopback (DNS rebinding)", async () => {
    const port = (httpServer!.address() as AddressInfo).port;
    // node:http, not fetch: fetch does not let a caller set Host.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/mcp",
          method: "POST",
          headers: {
            host: `evil.example:${port}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
    expect(status).toBe(403);
  });
});
