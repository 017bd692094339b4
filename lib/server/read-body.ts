import "server-only";
import { TraceInputError } from "@/lib/trace/errors";

/**
 * Reads a request body into memory, refusing it as soon as it passes `maxBytes` (also when the
 * client sent no or a false Content-Length), so an oversized upload costs at most `maxBytes`.
 */
export async function readBodyLimited(req: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(declared, maxBytes);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(total, maxBytes);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

function tooLarge(size: number, maxBytes: number): TraceInputError {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  return new TraceInputError(
    "too_large",
    `Upload too large: ${size > maxBytes ? `more than ${mb(maxBytes)}` : mb(size)} received, the limit is ${mb(maxBytes)} (set CULPRIT_MAX_UPLOAD_MB to change it).`,
  );
}
