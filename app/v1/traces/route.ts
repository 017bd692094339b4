import { readBodyLimited } from "@/lib/server/read-body";
import { decodeContentEncoding } from "@/lib/server/decode-body";
import { maxUploadBytes, importDeadlineMs, maxOtlpFields, maxSpansPerRequest } from "@/lib/server/limits";
import { ApiError, errorResponse } from "@/lib/server/api-errors";
import { refuseWhenDiskLow } from "@/lib/server/disk-space";
import { defineRoute } from "@/lib/server/http/define-route";
import { inCallerLane } from "@/lib/server/ingest-lanes";
import { bufferSpans } from "@/lib/server/otlp/buffer-spans";
import { runInSandbox } from "@/lib/server/sandbox/sandbox-pool";
import { exportTraceResponse } from "@/lib/server/otlp/export-response";

/**
 * POST /v1/traces — an OTLP/HTTP trace receiver (JSON or protobuf, optionally gzip/deflate).
 * Point OTEL_EXPORTER_OTLP_TRACES_ENDPOINT at http://<culprit>/v1/traces. Spans of one trace
 * accumulate; the worker turns a trace into a run once its root span ended and it has been idle
 * for CULPRIT_OTLP_IDLE_SECONDS (default 10). Decoding runs in a sandbox process (memory cap,
 * deadline, span count checked before decoding). Spans without a trace id, spans of a finalized
 * trace and spans past the per-trace cap are refused and reported in `partialSuccess`.
 */
async function handlePost(req: Request) {
  try {
    const contentType = (req.headers.get("content-type") ?? "").split(";")[0].trim();
    if (contentType !== "application/x-protobuf" && contentType !== "application/json") {
      throw new ApiError(
        415,
        "unsupported_media_type",
        `Send application/json or application/x-protobuf, not "${contentType || "(none)"}"`,
      );
    }
    // Disk low: 503 + Retry-After, which exporters retry (a 507 they would drop; review check 32).
    await refuseWhenDiskLow(503);
    const raw = await readBodyLimited(req, maxUploadBytes());
    const bytes = new Uint8Array(
      await decodeContentEncoding(raw, req.headers.get("content-encoding"), maxUploadBytes()),
    );
    const { batches, rejectedSpans: idless } = await runInSandbox(
      "otlp-decode",
      { bytes, contentType, maxSpans: maxSpansPerRequest(), maxFields: maxOtlpFields() },
      { timeoutMs: importDeadlineMs(bytes.byteLength) },
    );
    const buffered = await bufferSpans(batches);
    const reasons = [...(idless ? [`${idless} span(s) without a valid trace id`] : []), ...buffered.reasons];
    return exportTraceResponse(contentType, idless + buffered.rejectedSpans, reasons.join("; "));
  } catch (err) {
    return errorResponse(err, { diskFullStatus: 503 });
  }
}

// Caller check (bearer key, or a signed-in owner from the upload page), Host/Origin guard, errors.
// One request in flight per caller (ingest-lanes.ts), waiting before the body is read.
export const POST = defineRoute({ access: "ingest" }, (req, { caller }) =>
  inCallerLane(caller, () => handlePost(req), req),
);
