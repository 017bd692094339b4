/**
 * The MCP server's tools, on the official TypeScript SDK. Every input is bounded by its schema
 * (string lengths, counts); every answer is JSON text. Errors are tool errors (`isError`), never
 * a crashed server.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { McpBackend } from "./mcp-backend";
import { fixView, stepView, verdictView } from "./run-views";

/** Largest trace passed inline as `json` (larger ones: pass a path). */
export const MAX_INLINE_CHARS = 5 * 1024 * 1024;
const RUN_ID = z.string().min(1).max(100).describe("a run id from analyze_trace or list_failed_runs");

type Answer = { content: { type: "text"; text: string }[]; isError?: boolean };

async function answer(work: () => Promise<unknown>): Promise<Answer> {
  try {
    return { content: [{ type: "text", text: JSON.stringify(await work(), null, 2) }] };
  } catch (e) {
    return { content: [{ type: "text", text: e instanceof Error ? e.message : String(e) }], isError: true };
  }
}

export function createMcpServer(backend: McpBackend, version: string): McpServer {
  const server = new McpServer({ name: "culprit", version });
  const readOnly = { readOnlyHint: backend.kind === "local", openWorldHint: false };
  server.registerTool(
    "analyze_trace",
    {
      description:
        "Find which agent caused a failed multi-agent run. Give a trace file path (inside the server's root " +
        "folder) or the trace as JSON text, in any format Culprit imports (OTLP, Langfuse, LangSmith, AutoGen, " +
        "AG2, OpenAI Agents SDK, ...).",
      inputSchema: {
        path: z.string().min(1).max(4096).optional(),
        json: z.string().min(1).max(MAX_INLINE_CHARS).optional(),
        format: z.string().max(40).optional().describe("force a format (default: auto-detect)"),
      },
      annotations: readOnly,
    },
    async ({ path, json, format }) =>
      answer(async () => {
        if ((path === undefined) === (json === undefined)) throw new Error("Give exactly one of `path` or `json`.");
        const runs = await backend.analyze({ path, json, format });
        return runs.slice(0, 20).map((r) => ({ ...verdictView(r.runId, r.report), format: r.format }));
      }),
  );
  server.registerTool(
    "list_failed_runs",
    {
      description:
        "List failed runs (newest first on a server; this session's analyses locally), with their culprit agent.",
      inputSchema: {
        system: z.string().max(200).optional(),
        q: z.string().max(200).optional().describe("text in the title or task"),
        limit: z.number().int().min(1).max(50).optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ system, q, limit }) =>
      answer(() => backend.listRuns({ outcome: "failure", system, q, limit: limit ?? 20 })),
  );
  server.registerTool(
    "get_verdict",
    {
      description:
        "A run's verdict: the decisive agent and step, confidence, evidence, the propagation path and blame per agent.",
      inputSchema: { runId: RUN_ID },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ runId }) => answer(async () => verdictView(runId, await backend.report(runId))),
  );
  server.registerTool(
    "explain_step",
    {
      description:
        "One step of a run (step N = its position in the trace, from 1): what it said and what the engine found on it.",
      inputSchema: { runId: RUN_ID, step: z.number().int().min(1).max(1_000_000) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ runId, step }) =>
      answer(async () => {
        const report = await backend.report(runId);
        return stepView(runId, report, step, await backend.step(runId, step, report));
      }),
  );
  server.registerTool(
    "get_suggested_fix",
    {
      description: "The fix the analysis suggests for a run's culprit (or that it suggests none).",
      inputSchema: { runId: RUN_ID },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ runId }) => answer(async () => fixView(runId, await backend.report(runId))),
  );
  return server;
}
