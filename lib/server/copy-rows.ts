import "server-only";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { escapeCopyText, jsonText } from "./json-text";

export { escapeCopyText, jsonText };

/** A value for one COPY column: null becomes \N, objects are JSON. */
export type CopyValue = string | number | boolean | null | undefined | object;

/**
 * Streams rows into `table` with COPY ... FROM STDIN (text format). This is the fastest way to
 * bulk-load Postgres and the reason ingestion scales to 100k-step runs.
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: Iterable<CopyValue[]>,
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
  let chunk = "";
  for (const row of rows) {
    chunk += row.map(encodeValue).join("\t") + "\n";
    if (chunk.length > 1 << 20) {
      if (failure) throw failure;
      if (!stream.write(chunk)) await Promise.race([new Promise((r) => stream.once("drain", r)), done]);
      chunk = "";
    }
  }
  if (failure) throw failure;
  stream.end(chunk);
  await done;
}

function encodeValue(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  const text = typeof value === "object" ? jsonText(value) : String(value);
  return escapeCopyText(text);
}
