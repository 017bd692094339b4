// Pure text encoding for Postgres (json/jsonb values, COPY text): also used inside sandbox processes.

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
  return text.replace(/[\\\t\n\r\u0000]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\uFFFD",
  );
}

/** A value for one COPY column: null becomes \N, objects are JSON. */
export type CopyValue = string | number | boolean | null | undefined | object;

export function encodeCopyValue(value: CopyValue): string {
  if (value === null || value === undefined) return "\\N";
  const text = typeof value === "object" ? jsonText(value) : String(value);
  return escapeCopyText(text);
}

/** COPY text lines of `rows`, in chunks of about `chunkChars` characters. */
export function* copyChunks(rows: Iterable<CopyValue[]>, chunkChars = 1 << 20): Iterable<string> {
  let chunk = "";
  for (const row of rows) {
    chunk += row.map(encodeCopyValue).join("\t") + "\n";
    if (chunk.length > chunkChars) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}
