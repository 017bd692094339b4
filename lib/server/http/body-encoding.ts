import "server-only";

/**
 * A cached JSON body (UTF-8 bytes, encoded once when cached), answered without re-encoding.
 * Compression stays Next's (it compresses every response for clients that accept it, and drops a
 * route handler's own Content-Encoding header, so a pre-compressed copy cannot be served from here).
 */
export function jsonBodyResponse(body: Buffer, headers: Record<string, string>): Response {
  // Node Buffers are ArrayBuffer-backed; the cast only narrows TypeScript's ArrayBufferLike.
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, "content-type": "application/json", "content-length": String(body.byteLength) },
  });
}
