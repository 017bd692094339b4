import "server-only";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type CopyValue, copyChunks, escapeCopyText, jsonText } from "./json-text";

export { escapeCopyText, jsonText, type CopyValue };

const SLICE = 1 << 20;

/** `bytes` in slices of 1 MB, as views (no copy). */
function* slices(bytes: Uint8Array): Iterable<Buffer> {
  for (let at = 0; at < bytes.byteLength; at += SLICE)
    yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(SLICE, bytes.byteLength - at));
}

/**
 * Streams rows into `table` with COPY ... FROM STDIN (text format). This is the fastest way to
 * bulk-load Postgres and the reason ingestion scales to 100k-step runs. `rows` is either the rows
 * (encoded here, 1 MB at a time) or their COPY text already encoded (in the import sandbox).
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: Iterable<CopyValue[]> | Uint8Array,
): Promise<void> {
  const columnList = columns.map((c) => `"${c}"`).join(", ");
  const stream = client.query(copyFrom(`COPY "${table}" (${columnList}) FROM STDIN`));
  // A connection that dies mid-COPY errors or closes the stream and never drains it: every wait
  // below also ends on those, so the upload fails with the error instead of hanging (review M-1).
  let failure: Error | undefined;
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", (err) => {
      failure = err;
      reject(err);
    });
    stream.on("close", () => {
      failure ??= new Error("COPY stream closed before it finished");
      reject(failure);
    });
  });
  done.catch(() => {});
  for (const chunk of rows instanceof Uint8Array ? slices(rows) : copyChunks(rows)) {
    if (failure) throw failure;
    if (!stream.write(chunk)) await Promise.race([new Promise((r) => stream.once("drain", r)), done]);
  }
  if (failure) throw failure;
  stream.end();
  await done;
}
