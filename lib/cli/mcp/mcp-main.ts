/**
 * `culprit mcp [--http PORT] [--server URL] [--allow-upload] [--root DIR]`: the MCP server for
 * coding agents, on stdio (default) or streamable HTTP bound to loopback only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createCulpritServer } from "../culprit-server";
import type { Env } from "../pull-args";
import { LocalBackend, type McpBackend } from "./mcp-backend";
import { RemoteBackend } from "./remote-backend";
import { createMcpServer, MAX_INLINE_CHARS } from "./mcp-tools";

export const MCP_USAGE = `Usage: culprit mcp [--http PORT] [--server URL] [--allow-upload] [--root DIR]

An MCP server (tools: analyze_trace, list_failed_runs, get_verdict, explain_step, get_suggested_fix).
  --http PORT      streamable HTTP on 127.0.0.1:PORT/mcp instead of stdio (0: any free port)
  --server URL     answer from a Culprit server (API key from CULPRIT_API_KEY); default: analyze locally
  --allow-upload   with --server: analyze_trace stores the trace as a run (default: read-only)
  --root DIR       trace files are read only inside DIR (default: the current folder)`;

const VERSION = "0.1.0";
const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** A JSON-RPC request body: the inline trace limit plus room for the envelope. */
const MAX_BODY_BYTES = MAX_INLINE_CHARS * 2 + 64 * 1024;

interface McpOptions {
  http?: number;
  server?: string;
  allowUpload: boolean;
  root: string;
}

export function parseMcpArgs(argv: string[]): McpOptions | string {
  const o: McpOptions = { allowUpload: false, root: process.cwd() };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--help" || a === "-h") return MCP_USAGE;
    else if (a === "--allow-upload") o.allowUpload = true;
    else if (a === "--http") o.http = Number(argv[++i]);
    else if (a === "--server") o.server = argv[++i];
    else if (a === "--root") o.root = argv[++i] ?? "";
    else return `Unknown option "${a}".\n\n${MCP_USAGE}`;
  }
  if (o.http !== undefined && (!Number.isInteger(o.http) || o.http < 0 || o.http > 65535))
    return "--http needs a port (0–65535).";
  if (o.allowUpload && !o.server) return "--allow-upload needs --server.";
  return o;
}

export function backendFor(o: McpOptions, env: Env = process.env): McpBackend {
  const bounds = { root: o.root, maxBytes: MAX_FILE_BYTES, maxRuns: 50 };
  if (!o.server) return new LocalBackend(bounds);
  return new RemoteBackend(createCulpritServer(o.server, env.CULPRIT_API_KEY), bounds, o.allowUpload);
}

/** Streamable HTTP, stateless: one server and transport per request (the SDK's stateless pattern). */
export async function startMcpHttp(backend: McpBackend, port: number): Promise<http.Server> {
  const httpServer = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/mcp") return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size > MAX_BODY_BYTES) return void res.writeHead(413).end("request too large");
      chunks.push(c as Buffer);
    }
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    } catch {
      return void res.writeHead(400).end("malformed JSON");
    }
    const address = httpServer.address() as AddressInfo;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      // A web page must not reach this server through DNS rebinding: loopback Host names only.
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${address.port}`, `localhost:${address.port}`],
    });
    const server = createMcpServer(backend, VERSION);
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => httpServer.listen(port, "127.0.0.1", resolve));
  return httpServer;
}

export async function runMcp(argv: string[], err: (line: string) => void = console.error): Promise<number> {
  const o = parseMcpArgs(argv);
  if (typeof o === "string") {
    err(o);
    return o === MCP_USAGE ? 0 : 2;
  }
  const backend = backendFor(o);
  if (o.http !== undefined) {
    const server = await startMcpHttp(backend, o.http);
    // stderr: stdout is the protocol channel in stdio mode, and kept quiet here too.
    err(`culprit mcp listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    await new Promise<void>((resolve) => server.on("close", resolve));
    return 0;
  }
  const server = createMcpServer(backend, VERSION);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  await new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.on("end", resolve);
  });
  return 0;
}
