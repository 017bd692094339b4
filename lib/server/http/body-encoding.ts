import "server-only";
import { PRECOMPRESSED_HEADER, frontServerPresent, preferredEncoding, type ContentCoding } from "./content-coding.mjs";

/**
 * The content coding to serve a cached body in, for this request (decision 0023): br or gzip when the
 * client accepts it and the front server (scripts/serve.mjs) is there to label the bytes; otherwise
 * identity, and Next compresses the response itself as before.
 */
export function cachedBodyCoding(req: Request): ContentCoding {
  return frontServerPresent() ? preferredEncoding(req.headers.get("accept-encoding")) : "identity";
}

/**
 * A cached JSON body (encoded, and compressed, once when cached), answered without re-encoding. A
 * compressed body names its coding in PRECOMPRESSED_HEADER, which the front server turns into
 * Content-Encoding (Next drops a route's own). `Vary: Accept-Encoding` either way: the same URL
 * answers different bytes to different clients.
 */
export function jsonBodyResponse(body: Buffer, coding: ContentCoding, headers: Record<string, string>): Response {
  // Node Buffers are ArrayBuffer-backed; the cast only narrows TypeScript's ArrayBufferLike.
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      ...headers,
      "content-type": "application/json",
      "content-length": String(body.byteLength),
      vary: "accept-encoding",
      ...(coding === "identity" ? {} : { [PRECOMPRESSED_HEADER]: coding }),
    },
  });
}
