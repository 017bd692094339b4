import "server-only";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** A value for one COPY column: null becomes \N, objects are JSON. */
export type CopyValue = string | number | boolean | null | undefined | object;

/**
 * Streams rows into `table` with COPY ... FROM STDIN (text format). This is the fastest way to
 * bulk-load Postgres and the reason ingestion scales to 100k-step runs.
 */
export async function copyRows(client: pg.PoolClient, table: string, columns: string[], rows: Iterable<CopyValue[]>): Promise<void> {
  const columnList = columns.map((c) => `"${c}"`).join(", ");
  const stream = client.query(copyFrom(`COPY "${table}" (${columnList}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("finish", resolve);
    stream.on("error", reject);
  });
  let chunk = "";
  for (const row of rows) {
    chunk += row.map(encodeValue).join("\t") + "\n";
    if (chunk.length > 1 << 20) {
      if (!stream.write(chunk)) await new Promise((r) => stream.once("drain", r));
      chunk = "";
    }
  }
  stream.end(chunk);
  await done;
}

function encodeValue(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  const text = typeof value === "object" ? jsonText(value) : String(value);
  return escapeCopyText(text);
}

/**
 * JSON text for a json/jsonb column. jsonb rejects the \u0000 escape and escaped lone surrogates
 * (JSON.stringify writes a lone surrogate as \udXXX), so both become \ufffd. The regex walks escape
 * sequences left to right, so the literal text `\u0000` (serialized `\\u0000`) is left alone.
 */
export function jsonText(value: unknown): string {
  const json = JSON.stringify(value);
  if (!json.includes("\\u")) return json;
  return json.replace(JSON_ESCAPE, (esc) => (/^\\u(?:0000|d[89a-f][0-9a-f]{2})$/i.test(esc) ? "\\ufffd" : esc));
}

const JSON_ESCAPE = /\\(?:u[0-9a-fA-F]{4}|[^u])/g;

/** COPY text format escaping. Postgres text cannot hold NUL, so it becomes U+FFFD. */
export function escapeCopyText(text: string): string {
  // Fast path: most values need no escaping.
  if (!/[\\\t\n\r\u0000]/.test(text)) return text;
  return text.replace(/[\\\t\n\r\u0000]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\uFFFD"));
}
