/**
 * Langfuse v4 reads traces through the v2 observations API (`GET /api/public/v2/observations`,
 * cursor-paged, field groups) and scores through `GET /api/public/v2/scores`; the v1 trace
 * endpoints are gone there. A trace is rebuilt as the "Download JSON" shape the importer reads.
 */
import type { LangfuseClient } from "./langfuse-client";
import type { LangfuseDownload } from "./fetch-traces";
import { LangfuseError } from "./langfuse-host";

const FIELDS = "core,basic,time,io,metadata,model,usage,prompt,metrics,trace_context";
const PAGE_LIMIT = 500;
const MAX_PAGES = 40;

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);

async function* observationPages(
  client: LangfuseClient,
  query: Record<string, string | number | undefined>,
): AsyncGenerator<Rec[]> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await client.get("/api/public/v2/observations", { ...query, limit: PAGE_LIMIT, cursor });
    if (!isRecord(reply) || !Array.isArray(reply.data))
      throw new LangfuseError("bad_reply", "GET /api/public/v2/observations did not return {data, meta}.");
    yield reply.data.filter(isRecord);
    const next =
      isRecord(reply.meta) && typeof reply.meta.cursor === "string" && reply.meta.cursor
        ? reply.meta.cursor
        : undefined;
    if (!next || reply.data.length === 0) return;
    cursor = next;
  }
}

/** Ids of traces with a root observation since `fromTimestamp`, at most `max`, each once. */
export async function* listTraceIdsV2(
  client: LangfuseClient,
  opts: { fromTimestamp?: string; max: number },
): AsyncGenerator<string> {
  const seen = new Set<string>();
  for await (const page of observationPages(client, {
    isRootObservation: "true",
    fromStartTime: opts.fromTimestamp,
    fields: "core",
  })) {
    for (const o of page) {
      if (typeof o.traceId !== "string" || seen.has(o.traceId)) continue;
      seen.add(o.traceId);
      yield o.traceId;
      if (seen.size >= opts.max) return;
    }
  }
}

export async function fetchTraceDownloadV2(
  client: LangfuseClient,
  traceId: string,
  check: () => void,
): Promise<LangfuseDownload> {
  const observations: Rec[] = [];
  // `attributes` in full: the OTel attributes Langfuse keeps there name the agents.
  for await (const page of observationPages(client, { traceId, fields: FIELDS, expandMetadata: "attributes" })) {
    check();
    observations.push(...page);
  }
  if (observations.length === 0)
    throw new LangfuseError("http", `Langfuse has no trace "${traceId}" (no observations).`, 404);
  const scores = (await client.get("/api/public/v2/scores", { traceId, limit: 100 })) as { data?: unknown[] } | null;
  const root =
    observations.find((o) => o.isRootObservation === true) ??
    observations.find((o) => !o.parentObservationId) ??
    observations[0];
  const trace: Rec = {
    id: traceId,
    name: typeof root.traceName === "string" ? root.traceName : root.name,
    timestamp: root.startTime,
    input: root.input,
    output: root.output,
    tags: root.tags,
    release: root.release,
    scores: Array.isArray(scores?.data) ? scores.data : [],
  };
  return { trace, observations };
}
