/**
 * The record/replay proxy: an OpenAI-compatible (and Anthropic Messages) HTTP server on 127.0.0.1
 * that the child process talks to instead of its LLM provider. It records every call in arrival
 * order; in replay mode a `ReplayPlan` decides per call whether the answer comes from the
 * recording, an intervention, or the real upstream. Request headers (the child's API key) are
 * forwarded upstream and never stored.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHash } from "node:crypto";
import { apiForPath } from "./api-for-path";
import { appendInstruction } from "./append-instruction";
import { AGENT_HEADER, agentKeyOf, type AgentNamer } from "./agent-identity";
import { obj, str, type Json, type LlmApi } from "./llm-api";
import type { RecordedCall, RecordedResponse } from "./recording-format";
import { requestShape } from "./request-shape";
import { parseSse } from "./sse";
import type { ReplayPlan, Divergence } from "./replay-plan";
import type { UpstreamBudget } from "./upstream-budget";
import { upstreamUrl } from "./upstream-url";

export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;
/** Response text kept per call; the child still receives all of it. */
export const MAX_RECORDED_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Per run: a program in a loop must not grow the recording (and this process) without end. */
export const MAX_CALLS_PER_RUN = 5_000;
export const MAX_RECORDED_BYTES_PER_RUN = 512 * 1024 * 1024;
const HOP_BY_HOP = new Set([
  "host",
  "connection",
  "content-length",
  "transfer-encoding",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "proxy-authorization",
  "proxy-connection",
  "accept-encoding",
  AGENT_HEADER,
]);
const DROP_RESPONSE = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

export interface ProxyOptions {
  upstream: { openai: string; anthropic: string };
  namer: AgentNamer;
  budget: UpstreamBudget;
  /** Replay mode when set. */
  plan?: ReplayPlan;
  /** Seeds the span ids, so the trace of one recording is the same every time it is built. */
  spanSeed: string;
  upstreamTimeoutMs: number;
  onBudgetExhausted?: (reason: string) => void;
}

export class LlmProxy {
  readonly calls: RecordedCall[] = [];
  budgetExhausted?: string;
  private readonly agentCounts = new Map<string, number>();
  private recordedBytes = 0;
  private readonly server: Server;
  private readonly inFlight = new Set<AbortController>();

  constructor(private readonly options: ProxyOptions) {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        if (!res.headersSent)
          sendJson(res, 500, {
            error: {
              message: `culprit proxy: ${err instanceof Error ? err.message : String(err)}`,
              type: "culprit_proxy",
            },
          });
        else res.destroy();
      });
    });
  }

  get divergence(): Divergence | undefined {
    return this.options.plan?.divergence;
  }

  /** Listens on an ephemeral loopback port; returns the base URL (no path). */
  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => resolve());
    });
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const c of this.inFlight) c.abort();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const raw = await readBody(req, MAX_REQUEST_BYTES);
    if (raw === undefined)
      return sendJson(res, 413, {
        error: { message: `culprit proxy: request larger than ${MAX_REQUEST_BYTES} bytes`, type: "culprit_proxy" },
      });
    const api = req.method === "POST" ? apiForPath(url.pathname) : undefined;
    let body: Json | undefined;
    try {
      const v = raw.length ? (JSON.parse(raw.toString("utf8")) as unknown) : undefined;
      body = v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;
    } catch {
      body = undefined;
    }
    if (!api || !body) return void (await this.forward(req, res, url, raw, api));

    if (this.calls.length >= MAX_CALLS_PER_RUN || this.recordedBytes > MAX_RECORDED_BYTES_PER_RUN) {
      const reason =
        this.calls.length >= MAX_CALLS_PER_RUN
          ? `the run made more than ${MAX_CALLS_PER_RUN} LLM calls`
          : `the run's calls passed ${MAX_RECORDED_BYTES_PER_RUN / 1024 / 1024} MB`;
      this.limitReached(reason);
      res.writeHead(429, { "content-type": "application/json", "x-should-retry": "false" });
      return void res.end(
        JSON.stringify({ error: { message: `culprit proxy: ${reason}; the run is stopped`, type: "culprit_limit" } }),
      );
    }
    this.recordedBytes += raw.length;
    const header = req.headers[AGENT_HEADER];
    const agent = this.options.namer.nameOf(agentKeyOf(Array.isArray(header) ? header[0] : header, body, api));
    const agentCallIndex = this.agentCounts.get(agent) ?? 0;
    this.agentCounts.set(agent, agentCallIndex + 1);
    const index = this.calls.length;
    const stream = body.stream === true;
    const call: RecordedCall = {
      index,
      agent,
      agentCallIndex,
      api: api.kind,
      path: url.pathname,
      ...(str(body.model) ? { model: str(body.model) } : {}),
      stream,
      shape: requestShape(api, body),
      spanId: createHash("sha256").update(`${this.options.spanSeed}:${index}`).digest("hex").slice(0, 16),
      request: body,
      response: { status: 0 },
      startedAt: new Date().toISOString(),
      durationMs: 0,
      source: "upstream",
    };
    this.calls.push(call);
    const t0 = performance.now();
    try {
      // Record mode has no plan: every call goes upstream.
      const decision = this.options.plan?.decide(index, agent, agentCallIndex, call.shape);
      if (decision?.kind === "recording") {
        call.source = "recording";
        call.response = decision.call.response;
        call.tokens = decision.call.tokens;
        // The way it was answered then (a server that ignores `stream` answers JSON): the child coped with that.
        this.answer(res, api, call.response, decision.call.response.sse !== undefined);
      } else if (decision?.kind === "replace" || decision?.kind === "drop") {
        call.source = decision.kind;
        const answer = api.synthesize(
          decision.kind === "replace" ? decision.text : "",
          str(body.model) ?? "unknown",
          `culprit-${decision.kind}-${index}`,
        );
        call.response = { status: 200, body: answer };
        this.answer(res, api, call.response, stream);
      } else {
        const refused = this.refuseOverBudget(res);
        if (refused) {
          call.source = "refused";
          call.response = { status: 429 };
          call.error = refused;
        } else {
          // `culprit fix`: the model sees the agent's prompt with the instruction appended.
          const instructed =
            decision?.kind === "upstream" && decision.instruction
              ? appendInstruction(api, body, decision.instruction)
              : undefined;
          if (instructed) call.request = instructed;
          const result = await this.upstreamCall(
            req,
            res,
            url,
            instructed ? Buffer.from(JSON.stringify(instructed)) : raw,
            api,
          );
          call.response = result.response;
          call.error = result.error;
          const usage = call.response.body ? api.usage(call.response.body) : undefined;
          if (usage && (usage.input !== undefined || usage.output !== undefined))
            call.tokens = { ...usage, total: (usage.input ?? 0) + (usage.output ?? 0) };
          this.options.budget.add(usage);
        }
      }
      if (call.source === "recording" || call.source === "upstream") call.tokens ??= tokensOf(api, call.response);
    } finally {
      call.durationMs = Math.round(performance.now() - t0);
    }
  }

  /** Answers from a stored or synthesized response, as a stream when the child asked for one. */
  private answer(res: ServerResponse, api: LlmApi, response: RecordedResponse, stream: boolean): void {
    if (response.status >= 400 || !response.body) {
      res.writeHead(response.status || 502, {
        "content-type": response.body ? "application/json" : "text/plain; charset=utf-8",
      });
      return void res.end(response.body ? JSON.stringify(response.body) : (response.text ?? ""));
    }
    if (!stream) return sendJson(res, response.status, response.body);
    res.writeHead(response.status, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    res.end(response.sse && !response.truncated ? response.sse : api.toSse(response.body));
  }

  private refuseOverBudget(res: ServerResponse): string | undefined {
    const reason = this.options.budget.exhausted();
    if (!reason) {
      this.options.budget.start();
      return undefined;
    }
    this.limitReached(reason);
    // x-should-retry: the OpenAI SDKs would otherwise retry a 429.
    res.writeHead(429, { "content-type": "application/json", "x-should-retry": "false" });
    res.end(JSON.stringify({ error: { message: `culprit proxy: ${reason}`, type: "culprit_budget" } }));
    return reason;
  }

  private limitReached(reason: string): void {
    if (this.budgetExhausted) return;
    this.budgetExhausted = reason;
    this.options.onBudgetExhausted?.(reason);
  }

  /** A call the proxy does not record (models list, embeddings, …): passed through, still on budget. */
  private async forward(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    raw: Buffer,
    api: LlmApi | undefined,
  ): Promise<void> {
    if (this.refuseOverBudget(res)) return;
    await this.upstreamCall(req, res, url, raw, api, false);
  }

  private async upstreamCall(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    raw: Buffer,
    api: LlmApi | undefined,
    keep = true,
  ): Promise<{ response: RecordedResponse; error?: string }> {
    const anthropic = api
      ? api.provider === "anthropic"
      : req.headers["anthropic-version"] !== undefined || url.pathname.endsWith("/messages");
    const target = upstreamUrl(
      anthropic ? this.options.upstream.anthropic : this.options.upstream.openai,
      url.pathname,
      url.search,
      api?.endpoint,
    );
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined && !HOP_BY_HOP.has(k)) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const onClose = () => controller.abort();
    res.once("close", onClose);
    const timer = setTimeout(() => controller.abort(), this.options.upstreamTimeoutMs);
    try {
      const up = await fetch(target, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(raw),
        signal: controller.signal,
        redirect: "manual",
      });
      const outHeaders: Record<string, string> = {};
      up.headers.forEach((v, k) => {
        if (!DROP_RESPONSE.has(k)) outHeaders[k] = v;
      });
      res.writeHead(up.status, outHeaders);
      const isSse = (up.headers.get("content-type") ?? "").includes("text/event-stream");
      const decoder = new TextDecoder();
      let text = "";
      let truncated = false;
      if (up.body) {
        const reader = up.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!res.write(value)) await new Promise((r) => res.once("drain", r));
          if (keep && !truncated) {
            text += decoder.decode(value, { stream: true });
            if (text.length > MAX_RECORDED_RESPONSE_BYTES) {
              truncated = true;
              text = text.slice(0, MAX_RECORDED_RESPONSE_BYTES);
            }
          }
        }
      }
      res.end();
      this.recordedBytes += text.length;
      if (!keep || !api) return { response: { status: up.status } };
      const response: RecordedResponse = { status: up.status, ...(truncated ? { truncated } : {}) };
      if (isSse) {
        response.sse = text;
        response.body = api.assembleStream(parseSse(text));
      } else {
        try {
          response.body = obj(JSON.parse(text));
        } catch {
          response.text = text.slice(0, 4096);
        }
      }
      return { response, ...(up.status >= 400 ? { error: errorMessage(response) } : {}) };
    } catch (err) {
      const message = controller.signal.aborted
        ? "the upstream call was aborted (timeout or the child went away)"
        : `upstream unreachable: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`;
      if (!res.headersSent)
        sendJson(res, 502, { error: { message: `culprit proxy: ${message}`, type: "culprit_proxy" } });
      else res.destroy();
      return { response: { status: 502 }, error: message };
    } finally {
      clearTimeout(timer);
      res.off("close", onClose);
      this.inFlight.delete(controller);
    }
  }
}

function tokensOf(api: LlmApi, response: RecordedResponse): RecordedCall["tokens"] {
  if (!response.body) return undefined;
  const u = api.usage(response.body);
  if (u.input === undefined && u.output === undefined) return undefined;
  return { ...u, total: (u.input ?? 0) + (u.output ?? 0) };
}

function errorMessage(r: RecordedResponse): string {
  const e = obj(r.body?.error);
  return `HTTP ${r.status}${str(e.message) ? `: ${str(e.message)}` : r.text ? `: ${r.text.slice(0, 200)}` : ""}`;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The request body, or undefined when it is larger than `limit` (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.removeAllListeners("data");
        req.resume();
        resolve(undefined);
      } else chunks.push(c);
    });
    req.on("end", () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}
