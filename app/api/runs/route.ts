import { NextResponse } from "next/server";
import { ingestUploads } from "@/lib/server/ingest-upload";
import { readBodyLimited } from "@/lib/server/read-body";
import { decodeContentEncoding } from "@/lib/server/decode-body";
import { maxUploadBytes } from "@/lib/server/limits";
import { errorResponse } from "@/lib/server/api-errors";
import { refuseWhenDiskLow } from "@/lib/server/disk-space";
import { type Caller, defineRoute } from "@/lib/server/http/define-route";
import { inCallerLane } from "@/lib/server/ingest-lanes";
import { listRuns } from "@/lib/server/queries/list-runs";
import { parseRunListParams } from "@/lib/runs/list-params";

/**
 * POST /api/runs — ingest a trace file; a file holding several traces becomes one run per trace.
 * Body: the trace as JSON (any supported format), as a chat AutoGen printed (text: an AG2 0.2
 * `initiate_chat` print or an AgentChat `Console` print) or as a ChatDev `.log` (text), or
 * multipart/form-data with a `file` field;
 * optionally with `Content-Encoding: gzip` or `deflate`.
 * Query or form field `format` forces a format (default: auto-detect).
 * 201 with the new run, 200 when the same content was already stored. The body describes the
 * (first) run as `{runId, created, ..., url}`; when the file held several traces it also lists
 * every run in `runs: [{runId, created, ..., url}]` (201 when any was new).
 */
async function handlePost(req: Request, caller: Caller | null) {
  try {
    // 507 while the database's disk is low, before the body is read (review check 32).
    await refuseWhenDiskLow();
    const url = new URL(req.url);
    const contentType = req.headers.get("content-type") ?? "";
    // gzip/deflate bodies are accepted; the upload limit applies to the decompressed bytes.
    const bytes = await decodeContentEncoding(
      await readBodyLimited(req, maxUploadBytes()),
      req.headers.get("content-encoding"),
      maxUploadBytes(),
    );
    // A multipart body is parsed in the import sandbox, not on this event loop (review M-3).
    const payload = {
      bytes,
      contentType,
      fileName: url.searchParams.get("name") ?? undefined,
      format: url.searchParams.get("format") ?? undefined,
    };
    const runs = (await ingestUploads({ ...payload, uploadedByUserId: caller?.userId ?? null })).map((r) => ({
      ...r,
      url: `/runs/${r.runId}`,
    }));
    const body = runs.length > 1 ? { ...runs[0], runs } : runs[0];
    return NextResponse.json(body, { status: runs.some((r) => r.created) ? 201 : 200 });
  } catch (err) {
    return errorResponse(err);
  }
}

// Caller check (bearer key, or a signed-in owner from the upload page), Host/Origin guard, errors.
// One upload in flight per caller (ingest-lanes.ts), waiting before the body is read.
export const POST = defineRoute({ access: "ingest" }, (req, { caller }) =>
  inCallerLane(caller, () => handlePost(req, caller), req),
);

/**
 * GET /api/runs — one page of runs with their newest verdict, filtered like the runs list
 * (`outcome`, `system`, `q`, `flag`, `sort`, `dir`, `page`); for `culprit mcp --server` and scripts.
 */
export const GET = defineRoute({ access: "reader" }, async (req) => {
  const params = parseRunListParams(Object.fromEntries(new URL(req.url).searchParams));
  const { runs, total } = await listRuns(params);
  return Response.json(
    {
      page: params.page,
      total,
      runs: runs.map((r) => ({
        runId: r.id,
        title: r.title,
        system: r.system,
        outcome: r.outcome,
        culprit: r.culprit ?? null,
        analysisStatus: r.analysisStatus ?? null,
        createdAt: r.createdAt,
        url: `/runs/${r.id}`,
      })),
    },
    { headers: { "cache-control": "no-store" } },
  );
});
