import "server-only";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { ApiError } from "./api-errors";
import { TraceInputError } from "@/lib/trace/errors";

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);

/**
 * Undoes `Content-Encoding: gzip | deflate` (what the OpenTelemetry Collector's otlphttp exporter
 * sends by default). zlib runs on libuv's thread pool in chunks, and `maxOutputLength` stops it
 * as soon as the output passes the upload limit, so a decompression bomb costs at most `maxBytes`
 * of memory: the limit applies to the decompressed bytes.
 */
export async function decodeContentEncoding(
  bytes: Uint8Array,
  encoding: string | null,
  maxBytes: number,
): Promise<Uint8Array> {
  const codings = (encoding ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== "identity");
  if (codings.length === 0) return bytes;
  if (codings.length > 1)
    throw new ApiError(
      415,
      "unsupported_encoding",
      `Send at most one Content-Encoding (gzip or deflate), not "${encoding}"`,
    );
  const options = { maxOutputLength: Math.max(1, Math.floor(maxBytes)) };
  try {
    if (codings[0] === "gzip" || codings[0] === "x-gzip") return await gunzip(bytes, options);
    if (codings[0] === "deflate") {
      // RFC 9110 deflate is zlib-wrapped; some clients send raw deflate.
      return await inflate(bytes, options).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ERR_BUFFER_TOO_LARGE") throw err;
        return inflateRaw(bytes, options);
      });
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === "ERR_BUFFER_TOO_LARGE" || e instanceof RangeError) {
      const mb = (maxBytes / 1024 / 1024).toFixed(1);
      throw new TraceInputError(
        "too_large",
        `Upload too large: more than ${mb} MB once decompressed, the limit is ${mb} MB (set CULPRIT_MAX_UPLOAD_MB to change it).`,
      );
    }
    throw new TraceInputError("bad_input", `The body is not valid ${codings[0]} data`);
  }
  throw new ApiError(
    415,
    "unsupported_encoding",
    `Content-Encoding "${codings[0]}" is not supported; use gzip or deflate`,
  );
}
