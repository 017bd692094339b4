/**
 * HTTP API of the reference system, on 127.0.0.1 only:
 *   GET  /            a small page to run the system with an injected fault
 *   GET  /faults      the agents and every supported single-agent fault
 *   POST /run         {task?, fault?, seed?, export?, llm?: {wrong?}} → {traceId, outcome, finalAnswer, trace (OTLP/JSON)}
 *   POST /replay      culprit.replay/v1 (docs/replay-protocol.md) → {outcome, finalAnswer, trace}
 *   GET  /health
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { ZTask, DEFAULT_TASK } from "./task";
import { ZFault, faultProblem, supportedFaults, agentActions } from "./faults";
import { runMas } from "./run-mas";
import { handleReplay, HttpProblem, type RunRegistry } from "./replay-handler";
import { INDEX_HTML } from "./index-page";
import { LlmRunner } from "./llm/llm-runs";
import { runLlm, ZLlmRun } from "./llm/llm-replay";

export interface DemoMasOptions {
  port?: number;
  /** OTLP/HTTP JSON endpoint (Culprit's /v1/traces) that runs are streamed to, when set. */
  exportUrl?: string;
}

export interface DemoMas {
  url: string;
  registry: RunRegistry;
  close(): Promise<void>;
}

const ZRunRequest = z.object({
  task: ZTask.optional(),
  fault: ZFault.optional(),
  seed: z.string().min(1).max(200).optional(),
  /** Stream this run to the export URL (default: yes when one is configured). */
  export: z.boolean().optional(),
  /** Run the LLM mode (every agent an LLM call to the reference model) instead of the simulation. */
  llm: ZLlmRun.optional(),
});

const MAX_BODY = 10 * 1024 * 1024;

export async function startDemoMas(options: DemoMasOptions = {}): Promise<DemoMas> {
  const registry: RunRegistry = new Map();
  const runner = new LlmRunner();
  const server = http.createServer((req, res) => {
    route(req, registry, options, runner).then(
      ({ status, body, type }) => send(res, status, body, type),
      (err) =>
        send(res, err instanceof HttpProblem ? err.status : 500, {
          error: err instanceof Error ? err.message : String(err),
        }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    registry,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runner.close();
    },
  };
}

async function route(
  req: http.IncomingMessage,
  registry: RunRegistry,
  options: DemoMasOptions,
  runner: LlmRunner,
): Promise<{ status: number; body: unknown; type?: string }> {
  const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
  if (req.method === "GET" && path === "/") return { status: 200, body: INDEX_HTML, type: "text/html; charset=utf-8" };
  if (req.method === "GET" && path === "/health") return { status: 200, body: { ok: true, runs: registry.size } };
  if (req.method === "GET" && path === "/faults")
    return {
      status: 200,
      body: { task: DEFAULT_TASK, agents: agentActions(DEFAULT_TASK), faults: supportedFaults(DEFAULT_TASK) },
    };
  if (req.method === "POST" && path === "/run")
    return { status: 200, body: await handleRun(await readJson(req), registry, options, runner) };
  if (req.method === "POST" && path === "/replay")
    return { status: 200, body: await handleReplay(await readJson(req), registry, runner) };
  throw new HttpProblem(404, `No route ${req.method} ${path}`);
}

async function handleRun(body: unknown, registry: RunRegistry, options: DemoMasOptions, runner: LlmRunner) {
  const parsed = ZRunRequest.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpProblem(400, `Bad run request: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  const exportTo = parsed.data.export === false ? undefined : options.exportUrl;
  if (parsed.data.llm) return runLlm(runner, registry, parsed.data.llm, exportTo);
  const task = parsed.data.task ?? DEFAULT_TASK;
  const fault = parsed.data.fault;
  const problem = fault && faultProblem(task, fault);
  if (problem) throw new HttpProblem(422, `Unsupported fault: ${problem}`);
  const seed = parsed.data.seed ?? randomBytes(8).toString("hex");
  const exportUrl = exportTo;
  const result = await runMas({ task, fault, seed, exportUrl });
  registry.set(result.traceId, { task, fault, seed, spanActions: result.spanActions });
  return {
    traceId: result.traceId,
    outcome: result.outcome,
    finalAnswer: result.finalAnswer,
    exported: Boolean(exportUrl),
    trace: result.otlp,
  };
}

async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_BODY) throw new HttpProblem(413, `Request body over ${MAX_BODY} bytes`);
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpProblem(400, "The request body is not JSON");
  }
}

function send(res: http.ServerResponse, status: number, body: unknown, type = "application/json") {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(text) });
  res.end(text);
}
