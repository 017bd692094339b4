import "server-only";

/**
 * An ExportTraceServiceResponse in the request's encoding. Empty means full success; otherwise
 * `partial_success { rejected_spans = 1 (int64); error_message = 2 (string) }` tells the exporter
 * how many spans were refused and why (OTLP: such spans must not be retried).
 */
export function exportTraceResponse(contentType: string, rejectedSpans: number, errorMessage: string): Response {
  if (contentType === "application/x-protobuf") {
    let body = new Uint8Array();
    if (rejectedSpans > 0 || errorMessage) {
      const message = new TextEncoder().encode(errorMessage);
      const inner = [
        ...(rejectedSpans > 0 ? [0x08, ...varint(rejectedSpans)] : []),
        ...(message.length ? [0x12, ...varint(message.length), ...message] : []),
      ];
      body = new Uint8Array([0x0a, ...varint(inner.length), ...inner]);
    }
    return new Response(body, { headers: { "content-type": "application/x-protobuf" } });
  }
  const partialSuccess =
    rejectedSpans > 0 || errorMessage ? { rejectedSpans: String(rejectedSpans), errorMessage } : {};
  return Response.json({ partialSuccess });
}

function varint(n: number): number[] {
  const out: number[] = [];
  while (n > 127) {
    out.push((n % 128) | 128);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}
