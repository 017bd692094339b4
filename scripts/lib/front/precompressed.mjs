import { PRECOMPRESSED_HEADER } from "../../../lib/server/http/content-coding.mjs";

const CODINGS = new Set(["br", "gzip"]);

/**
 * Lets a route's pre-compressed body through (decision 0023): the route names its bytes' coding in
 * PRECOMPRESSED_HEADER (Next drops a route's own Content-Encoding); this turns that header into
 * Content-Encoding as Next sets it on the response, before the headers are written, so Next's own
 * compression sees the body as "already encoded" and leaves it alone. Unknown values are dropped.
 */
export function translatePrecompressedHeader(res) {
  const set = res.setHeader;
  const append = res.appendHeader;
  const translate = (name, value, fallback) => {
    if (String(name).toLowerCase() !== PRECOMPRESSED_HEADER) return fallback();
    const coding = String(Array.isArray(value) ? value[0] : value).toLowerCase();
    if (CODINGS.has(coding)) set.call(res, "Content-Encoding", coding);
    return res;
  };
  res.setHeader = function (name, value) {
    return translate(name, value, () => set.call(this, name, value));
  };
  if (append)
    res.appendHeader = function (name, value) {
      return translate(name, value, () => append.call(this, name, value));
    };
}
