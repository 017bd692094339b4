import "server-only";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { ContentCoding } from "./content-coding.mjs";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Compresses a body that will be served many times (decision 0023), on zlib's thread pool (the event
 * loop stays free). Stronger settings than a per-response compressor can afford, since the cost is paid
 * once per cached body: brotli quality 6 (close to the best ratio on JSON at a small fraction of
 * quality 11's time) and gzip level 9.
 */
export function compressOnce(raw: Buffer, coding: Exclude<ContentCoding, "identity">): Promise<Buffer> {
  if (coding === "gzip") return gzip(raw, { level: 9 });
  return brotli(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}
