import { decodeOtlpProtobuf } from "@/lib/importers/otlp/decode-otlp-protobuf";
import { parseJsonText } from "@/lib/trace/parse-json";
import { readBodyLimited } from "@/lib/server/read-body";
import { maxUploadBytes } from "@/lib/server/limits";
import { ApiError, errorResponse } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { splitByTrace } from "@/lib/server/otlp/split-by-trace";
import { bufferSpans } from "@/lib/server/otlp/buffer-spans";

/**
 * POST /v1/traces — an OTLP/HTTP trace receiver (JSON or protobuf). Point
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT at http://<culprit>/v1/traces. Spans of one trace accumulate;
 * the worker turns a trace into a run once its root span ended and it has been idle for
 * CULPRIT_OTLP_IDLE_SECONDS (default 10).
 */
async function handlePost(req: Request) {
  try {
    const contentType = (req.headers.get("content-type") ?? "").split(";")[0].trim();
    const bytes = await readBodyLimited(req, maxUploadBytes());
    let request: unknown;
    if (contentType === "application/x-protobuf") request = decodeOtlpProtobuf(bytes);
    else if (contentType === "application/json") request = parseJsonText(new TextDecoder().decode(bytes), "OTLP request");
    else throw new ApiError(415, "unsupported_media_type", `Send application/json or application/x-protobuf, not "${contentType || "(none)"}"`);
    const batches = splitByTrace(request);
    await bufferSpans(batches);
    // ExportTraceServiceResponse: empty means full success, in both encodings.
    if (contentType === "application/x-protobuf") return new Response(new Uint8Array(), { headers: { "content-type": "application/x-protobuf" } });
    return Response.json({ partialSuccess: {} });
  } catch (err) {
    return errorResponse(err);
  }
}

// Caller check (bearer key, or a signed-in owner from the upload page), Host/Origin guard, errors.
export const POST = defineRoute({ access: "ingest" }, handlePost);
