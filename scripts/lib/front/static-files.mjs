import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { preferredEncoding } from "../../../lib/server/http/content-coding.mjs";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const PREFIX = "/_next/static/";
/** The compressible kinds of file a Next build puts under .next/static (fonts and images are not). */
const TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".svg": "image/svg+xml",
};

/**
 * Next's build output under /_next/static is content-addressed (the name carries a hash or the build
 * id) and served `immutable`, yet `next start` gzips every one of those files again for every
 * request. This serves them compressed once per file and coding, from memory, bounded by `maxBytes`
 * in all. Brotli quality 6, not 11: on this app's 1.2 MB of chunks it compresses all of them in
 * ~0.12 s instead of ~2.5 s (paid by the first page load after a start) for 8 % more bytes; gzip at
 * level 9. Anything it does not
 * answer (identity requests, other file kinds, files not found or too large, a full cache) goes
 * on to Next, which serves it as before. Paths are resolved inside `root` only.
 */
export function staticFileCache({ root, maxBytes = 64 * 1024 * 1024, maxFileBytes = 8 * 1024 * 1024 }) {
  const base = path.resolve(root);
  /** `${file}\n${coding}` → promise of { body, etag, type } (null: not servable here). */
  const entries = new Map();
  let total = 0;

  async function load(file, coding, type) {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || stat.size > maxFileBytes) return null;
    const raw = await fs.readFile(file);
    const body =
      coding === "br"
        ? await brotli(raw, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          })
        : await gzip(raw, { level: 9 });
    // Strong validator per representation: the same file in another coding is other bytes.
    const etag = `"${createHash("sha1").update(raw).digest("base64url").slice(0, 20)}-${coding}"`;
    return { body, etag, type };
  }

  /** True when the request was answered here. */
  async function serve(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith(PREFIX)) return false;
    const coding = preferredEncoding(req.headers["accept-encoding"]);
    if (coding === "identity") return false;
    let rel;
    try {
      rel = decodeURIComponent(url.slice(PREFIX.length).split("?")[0]);
    } catch {
      return false;
    }
    if (rel.includes("\0")) return false;
    const file = path.resolve(base, rel);
    if (!file.startsWith(base + path.sep)) return false;
    const type = TYPES[path.extname(file)];
    if (!type) return false;

    const key = `${file}\n${coding}`;
    let entry = entries.get(key);
    if (!entry) {
      if (total >= maxBytes) return false;
      entry = load(file, coding, type).then(
        (value) => {
          if (value) total += value.body.length;
          else entries.delete(key); // not found here: never remembered (the key space is the client's)
          return value;
        },
        () => {
          entries.delete(key);
          return null;
        },
      );
      entries.set(key, entry);
    }
    const value = await entry;
    if (!value) return false;
    const headers = {
      "content-type": value.type,
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
      etag: value.etag,
    };
    if (req.headers["if-none-match"] === value.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...headers, "content-encoding": coding, "content-length": String(value.body.length) });
    res.end(req.method === "HEAD" ? undefined : value.body);
    return true;
  }

  return { serve };
}
