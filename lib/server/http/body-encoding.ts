import "server-only";

/**
 * True when the request's Accept-Encoding takes gzip (named, or `*`, without q=0). Routes that keep
 * a compressed copy of a cached body serve it as is; Next's own compression then leaves the response
 * alone (it skips responses that already have a Content-Encoding).
 */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return q === undefined || Number(q) > 0;
  });
}

/** A cached JSON body, gzipped when the client takes it (`Vary` says the answer depends on it). */
export function jsonBodyResponse(req: Request, body: { raw: Buffer; gzip: Buffer }, headers: Record<string, string>): Response {
  const gz = acceptsGzip(req.headers.get("accept-encoding"));
  const bytes = gz ? body.gzip : body.raw;
  // Node Buffers are ArrayBuffer-backed; the cast only narrows TypeScript's ArrayBufferLike.
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      ...headers,
      "content-type": "application/json",
      "content-length": String(bytes.byteLength),
      vary: "accept-encoding",
      ...(gz ? { "content-encoding": "gzip" } : {}),
    },
  });
}
