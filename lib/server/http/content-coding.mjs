/**
 * The contract between the front server (scripts/serve.mjs) and the routes that keep compressed
 * copies of their bodies (decision 0023). Plain JavaScript so that both the front server (plain
 * Node, before Next loads) and the bundled routes import the same lines.
 *
 * Next drops a route's own `Content-Encoding` header (it may have decoded a fetched body), so a
 * route that answers with bytes it compressed once names their coding in PRECOMPRESSED_HEADER
 * instead; the front server, which owns the socket, turns that header into `Content-Encoding`
 * before the headers are written, and Next's per-response gzip then leaves the body alone
 * ("already encoded"). Without the front server (`next dev`, a bare `next start`) nobody would
 * translate the header, so routes only answer compressed when `frontServerPresent()`.
 */

/** Response header a route sets instead of Content-Encoding; never sent to clients. */
export const PRECOMPRESSED_HEADER = "x-culprit-content-encoding";

const FLAG = Symbol.for("culprit.front-server");

/** Called once by the front server, in the process that also runs Next's request handler. */
export function markFrontServerPresent() {
  globalThis[FLAG] = true;
}

/** True when this process's responses pass through the front server. */
export function frontServerPresent() {
  return globalThis[FLAG] === true;
}

/**
 * The coding to answer with for an Accept-Encoding header: "br" or "gzip" when the client accepts it
 * (q > 0, by name or through `*`), brotli first at equal weight (smaller, as cheap to decode), else
 * "identity". Bounded: at most 32 entries of the header are read.
 */
export function preferredEncoding(acceptEncoding) {
  if (!acceptEncoding) return "identity";
  const weights = new Map();
  for (const part of String(acceptEncoding).split(",").slice(0, 32)) {
    const [rawName, ...params] = part.toLowerCase().split(";");
    const name = rawName.trim();
    if (!name) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (Number.isFinite(q)) weights.set(name, q);
  }
  const weight = (name) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gzip = weight("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}
