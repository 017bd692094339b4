/**
 * Test helper: a loopback HTTP server that answers Langfuse's public API with recorded shapes
 * (test/fixtures/langfuse-api), checks Basic auth like Langfuse does, caps page sizes, can answer
 * 429 with Retry-After first, and records every request so tests can check what was sent.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";

export const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/langfuse-api");
export const KEYS = { publicKey: "pk-lf-test", secretKey: "sk-lf-test" };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface RecordedLangfuse {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface RecordedLangfuseOptions {
  traces: Record<string, unknown>[];
  /** The first N requests answer 429 with `Retry-After: 0`. */
  rateLimitFirst?: number;
  /** Largest page the server returns, whatever `limit` asks (Langfuse caps it too). */
  pageSizeCap?: number;
  /** Trace ids served without embedded observations (they must be paged from /observations). */
  withoutObservations?: string[];
  /** Langfuse v4: the v1 trace endpoints answer 404; traces are read through the v2 observations API. */
  v4?: boolean;
  /** A fixed loopback port (the e2e app is started with LANGFUSE_HOST set to it); default: any free port. */
  port?: number;
}

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8"));
}

function page<T>(items: T[], query: URLSearchParams, cap: number) {
  const limit = Math.min(cap, Number(query.get("limit") ?? 50) || 50);
  const p = Math.max(1, Number(query.get("page") ?? 1) || 1);
  return {
    data: items.slice((p - 1) * limit, p * limit),
    meta: { page: p, limit, totalItems: items.length, totalPages: Math.ceil(items.length / limit) },
  };
}

function answer(
  o: RecordedLangfuseOptions,
  req: RecordedRequest,
  seq: { score: number; comment: number },
): [number, unknown] {
  const byId = new Map(o.traces.map((t) => [String(t.id), t]));
  const cap = o.pageSizeCap ?? 100;
  if (req.method === "GET" && req.path === "/api/public/projects") return [200, readFixture("projects.json")];
  if (o.v4 && req.path.startsWith("/api/public/traces"))
    return [404, { message: "This endpoint is not available in Langfuse v4" }];
  if (o.v4 && req.method === "GET" && req.path.startsWith("/api/public/v2/")) return answerV2(o.traces, req, cap);
  if (req.method === "GET" && req.path === "/api/public/traces") {
    const from = req.query.get("fromTimestamp");
    const list = o.traces
      .filter((t) => !from || String(t.timestamp) >= from)
      .sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)))
      .map(({ observations, scores, ...t }) => ({
        ...t,
        observations: (observations as { id: string }[]).map((x) => x.id),
        scores: [],
      }));
    return [200, page(list, req.query, cap)];
  }
  const one = /^\/api\/public\/traces\/([^/]+)$/.exec(req.path);
  if (req.method === "GET" && one) {
    const t = byId.get(decodeURIComponent(one[1]));
    if (!t) return [404, { message: "Trace not found" }];
    return [200, o.withoutObservations?.includes(String(t.id)) ? { ...t, observations: [] } : t];
  }
  if (req.method === "GET" && req.path === "/api/public/observations") {
    const t = byId.get(req.query.get("traceId") ?? "");
    return [200, page((t?.observations as unknown[]) ?? [], req.query, cap)];
  }
  const body = req.body as Record<string, unknown> | null;
  if (req.method === "POST" && req.path === "/api/public/scores") {
    if (!body || typeof body.name !== "string" || body.value === undefined)
      return [400, { message: "name and value are required" }];
    return [200, { id: `score-${++seq.score}` }];
  }
  if (req.method === "POST" && req.path === "/api/public/comments") {
    if (!body || !["projectId", "objectType", "objectId", "content"].every((k) => typeof body[k] === "string"))
      return [400, { message: "invalid comment" }];
    return [200, { id: `comment-${++seq.comment}` }];
  }
  return [404, { message: "no such route" }];
}

/** A v1 observation as the v2 API returns it: input/output as raw strings, trace context fields. */
export function toObservationV2(o: Record<string, unknown>, trace: Record<string, unknown>): Record<string, unknown> {
  const raw = (v: unknown) => (v === null || v === undefined || typeof v === "string" ? v : JSON.stringify(v));
  return {
    ...o,
    projectId: "proj-culprit-test",
    isRootObservation: !o.parentObservationId,
    input: raw(o.input),
    output: raw(o.output),
    traceName: trace.name,
    tags: trace.tags,
    release: trace.release,
  };
}

function answerV2(traces: Record<string, unknown>[], req: RecordedRequest, cap: number): [number, unknown] {
  const all = traces.flatMap((t) => (t.observations as Record<string, unknown>[]).map((x) => toObservationV2(x, t)));
  if (req.path === "/api/public/v2/observations") {
    const q = req.query;
    const from = q.get("fromStartTime");
    const list = all.filter(
      (x) =>
        (!q.get("traceId") || x.traceId === q.get("traceId")) &&
        (q.get("isRootObservation") !== "true" || x.isRootObservation) &&
        (!from || String(x.startTime) >= from),
    );
    const limit = Math.min(cap, Number(q.get("limit") ?? 50) || 50);
    const start = Number(Buffer.from(q.get("cursor") ?? "", "base64").toString() || 0);
    const next = start + limit < list.length ? Buffer.from(String(start + limit)).toString("base64") : undefined;
    return [200, { data: list.slice(start, start + limit), meta: next ? { cursor: next } : {} }];
  }
  if (req.path === "/api/public/v2/scores") {
    const t = traces.find((x) => x.id === req.query.get("traceId"));
    const scores = (Array.isArray(t?.scores) ? (t.scores as Record<string, unknown>[]) : []).map((sc) => ({
      ...sc,
      projectId: "proj-culprit-test",
      sessionId: null,
      datasetRunId: null,
    }));
    return [200, { data: scores, meta: { page: 1, limit: 100, totalItems: scores.length, totalPages: 1 } }];
  }
  return [404, { message: "no such route" }];
}

export async function startRecordedLangfuse(options: RecordedLangfuseOptions): Promise<RecordedLangfuse> {
  const requests: RecordedRequest[] = [];
  const seq = { score: 0, comment: 0 };
  const expected = `Basic ${Buffer.from(`${KEYS.publicKey}:${KEYS.secretKey}`).toString("base64")}`;
  let limited = options.rateLimitFirst ?? 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const text = Buffer.concat(chunks).toString("utf8");
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : null,
    };
    requests.push(recorded);
    const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(value));
    };
    if (req.headers.authorization !== expected) return send(401, { message: "Invalid credentials" });
    if (limited > 0) {
      limited--;
      return send(429, { message: "Rate limit exceeded" }, { "retry-after": "0" });
    }
    const [status, value] = answer(options, recorded, seq);
    send(status, value);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The real Langfuse download in the fixtures, served as the API serves a trace (observations embedded). */
export function agentPrismTrace(): Record<string, unknown> {
  const file = path.resolve(
    import.meta.dirname,
    "../../test/fixtures/real/agent-prism/langfuse-2.langfuse-export.json",
  );
  const download = JSON.parse(readFileSync(file, "utf8")) as {
    trace: Record<string, unknown>;
    observations: unknown[];
  };
  return { ...download.trace, observations: download.observations };
}
