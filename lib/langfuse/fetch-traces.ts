import type { LangfuseClient } from "./langfuse-client";
import { LangfuseError } from "./langfuse-host";

/** Langfuse's "Download JSON" shape, which the Langfuse importer reads. */
export interface LangfuseDownload {
  trace: Record<string, unknown>;
  observations: unknown[];
}

/** Trace ids are opaque strings; these bounds keep a path segment and a request list sane. */
export const MAX_TRACE_ID_LENGTH = 200;
const PAGE_LIMIT = 50;
const MAX_OBSERVATION_PAGES = 100;

export function checkTraceId(id: string): string {
  const t = id.trim();
  if (!t || t.length > MAX_TRACE_ID_LENGTH || /[\s/?#\\]/.test(t))
    throw new LangfuseError("config", `"${t.slice(0, 60)}" is not a Langfuse trace id (1–${MAX_TRACE_ID_LENGTH} characters, no spaces or slashes).`);
  return t;
}

/**
 * Ids of the traces since `fromTimestamp`, oldest first (so a resumed pull continues where it
 * stopped), page by page (`GET /api/public/traces`, `meta.totalPages`), at most `max`.
 */
export async function* listTraceIds(client: LangfuseClient, opts: { fromTimestamp?: string; max: number }): AsyncGenerator<string> {
  let yielded = 0;
  for (let page = 1; ; page++) {
    const reply = await client.get("/api/public/traces", {
      page,
      limit: PAGE_LIMIT,
      fromTimestamp: opts.fromTimestamp,
      orderBy: "timestamp.asc",
      fields: "core",
    });
    const data = isRecord(reply) && Array.isArray(reply.data) ? reply.data : undefined;
    if (!data) throw new LangfuseError("bad_reply", "GET /api/public/traces did not return {data, meta}.");
    for (const t of data) {
      if (!isRecord(t) || typeof t.id !== "string") continue;
      yield t.id;
      if (++yielded >= opts.max) return;
    }
    const meta = isRecord(reply) && isRecord(reply.meta) ? reply.meta : {};
    const totalPages = typeof meta.totalPages === "number" ? meta.totalPages : page;
    if (data.length === 0 || page >= totalPages) return;
  }
}

/**
 * One trace with its observations (`GET /api/public/traces/{id}`); when the trace comes without
 * them (a field selection, or a deployment that serves them separately), they are paged from
 * `GET /api/public/observations?traceId=`.
 */
export async function fetchTraceDownload(client: LangfuseClient, traceId: string): Promise<LangfuseDownload> {
  const id = checkTraceId(traceId);
  const reply = await client.get(`/api/public/traces/${encodeURIComponent(id)}`).catch((e: unknown) => {
    if (e instanceof LangfuseError && e.status === 404) throw new LangfuseError("http", `Langfuse has no trace "${id}" (404).`, 404);
    throw e;
  });
  if (!isRecord(reply) || typeof reply.id !== "string") throw new LangfuseError("bad_reply", `GET /api/public/traces/${id} did not return a trace.`);
  const { observations, ...trace } = reply;
  const embedded = Array.isArray(observations) ? observations.filter(isRecord) : [];
  return { trace, observations: embedded.length > 0 ? embedded : await fetchObservations(client, id) };
}

async function fetchObservations(client: LangfuseClient, traceId: string): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 1; page <= MAX_OBSERVATION_PAGES; page++) {
    const reply = await client.get("/api/public/observations", { traceId, page, limit: PAGE_LIMIT });
    const data = isRecord(reply) && Array.isArray(reply.data) ? reply.data : [];
    all.push(...data);
    const meta = isRecord(reply) && isRecord(reply.meta) ? reply.meta : {};
    if (data.length === 0 || page >= (typeof meta.totalPages === "number" ? meta.totalPages : page)) break;
  }
  return all;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
