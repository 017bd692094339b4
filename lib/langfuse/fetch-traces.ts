import type { LangfuseClient } from "./langfuse-client";
import { LangfuseError } from "./langfuse-host";
import { fetchTraceDownloadV2, listTraceIdsV2 } from "./fetch-traces-v2";

/** Langfuse's "Download JSON" shape, which the Langfuse importer reads. */
export interface LangfuseDownload {
  trace: Record<string, unknown>;
  observations: unknown[];
}

/** Trace ids are opaque strings; these bounds keep a path segment and a request list sane. */
export const MAX_TRACE_ID_LENGTH = 200;
const PAGE_LIMIT = 50;
const MAX_OBSERVATION_PAGES = 100;

/** Most reply text one trace may take, whatever its page count (the reads stop past it). */
export const MAX_TRACE_BYTES = 200 * 1024 * 1024;

/** Throws once the client has read more than `max` since the budget was made. */
export function traceBudget(client: LangfuseClient, traceId: string, max = MAX_TRACE_BYTES): () => void {
  const start = client.bytesRead;
  return () => {
    if (client.bytesRead - start > max)
      throw new LangfuseError(
        "too_large",
        `Langfuse trace "${traceId}" is larger than ${max} bytes; it was not imported.`,
      );
  };
}

export function checkTraceId(id: string): string {
  const t = id.trim();
  if (!t || t.length > MAX_TRACE_ID_LENGTH || /[\s/?#\\]/.test(t))
    throw new LangfuseError(
      "config",
      `"${t.slice(0, 60)}" is not a Langfuse trace id (1–${MAX_TRACE_ID_LENGTH} characters, no spaces or slashes).`,
    );
  return t;
}

/**
 * Which read API the deployment has: the v1 trace endpoints (Langfuse v2/v3, self-hosted) or only
 * the v2 observations API (Langfuse v4, Langfuse Cloud after v1's removal). Asked once per client.
 */
const versions = new WeakMap<LangfuseClient, Promise<"v1" | "v2">>();
export function readApiOf(client: LangfuseClient): Promise<"v1" | "v2"> {
  let known = versions.get(client);
  if (!known) {
    known = client.get("/api/public/traces", { page: 1, limit: 1, fields: "core" }).then(
      () => "v1" as const,
      (e: unknown) => {
        if (e instanceof LangfuseError && (e.status === 404 || e.status === 410)) return "v2" as const;
        throw e;
      },
    );
    versions.set(client, known);
  }
  return known;
}

/** Trace ids since `fromTimestamp` through whichever read API the deployment has, at most `max`. */
export async function* listTraceIds(
  client: LangfuseClient,
  opts: { fromTimestamp?: string; max: number },
): AsyncGenerator<string> {
  yield* (await readApiOf(client)) === "v1" ? listTraceIdsV1(client, opts) : listTraceIdsV2(client, opts);
}

/**
 * Ids of the traces since `fromTimestamp`, oldest first (so a resumed pull continues where it
 * stopped), page by page (`GET /api/public/traces`, `meta.totalPages`), at most `max`.
 */
async function* listTraceIdsV1(
  client: LangfuseClient,
  opts: { fromTimestamp?: string; max: number },
): AsyncGenerator<string> {
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
export async function fetchTraceDownload(
  client: LangfuseClient,
  traceId: string,
  maxBytes = MAX_TRACE_BYTES,
): Promise<LangfuseDownload> {
  const id = checkTraceId(traceId);
  const check = traceBudget(client, id, maxBytes);
  const download =
    (await readApiOf(client)) === "v1"
      ? await fetchTraceDownloadV1(client, id, check)
      : await fetchTraceDownloadV2(client, id, check);
  return { trace: download.trace, observations: download.observations.map(withUsageFields) };
}

async function fetchTraceDownloadV1(client: LangfuseClient, id: string, check: () => void): Promise<LangfuseDownload> {
  const reply = await client.get(`/api/public/traces/${encodeURIComponent(id)}`).catch((e: unknown) => {
    if (e instanceof LangfuseError && e.status === 404)
      throw new LangfuseError("http", `Langfuse has no trace "${id}" (404).`, 404);
    throw e;
  });
  if (!isRecord(reply) || typeof reply.id !== "string")
    throw new LangfuseError("bad_reply", `GET /api/public/traces/${id} did not return a trace.`);
  const { observations, ...trace } = reply;
  const embedded = Array.isArray(observations) ? observations.filter(isRecord) : [];
  return { trace, observations: embedded.length > 0 ? embedded : await fetchObservations(client, id, check) };
}

async function fetchObservations(client: LangfuseClient, traceId: string, check: () => void): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 1; page <= MAX_OBSERVATION_PAGES; page++) {
    const reply = await client.get("/api/public/observations", { traceId, page, limit: PAGE_LIMIT });
    const data = isRecord(reply) && Array.isArray(reply.data) ? reply.data : [];
    check();
    all.push(...data);
    const meta = isRecord(reply) && isRecord(reply.meta) ? reply.meta : {};
    if (data.length === 0 || page >= (typeof meta.totalPages === "number" ? meta.totalPages : page)) break;
  }
  return all;
}

/**
 * The API reports usage in `usageDetails`/`costDetails` (the UI's download also flattens them into
 * `inputUsage`…`totalCost`, which the importer reads): the flat fields are filled from them.
 */
function withUsageFields(o: unknown): unknown {
  if (!isRecord(o)) return o;
  const usage = isRecord(o.usageDetails) ? o.usageDetails : {};
  const cost = isRecord(o.costDetails) ? o.costDetails : {};
  const fill = (key: string, value: unknown) =>
    o[key] === undefined && typeof value === "number" ? { [key]: value } : {};
  return {
    ...o,
    ...fill("inputUsage", usage.input),
    ...fill("outputUsage", usage.output),
    ...fill("totalUsage", usage.total),
    ...fill("totalCost", cost.total ?? o.calculatedTotalCost),
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
