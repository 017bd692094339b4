import { isRecord } from "../trace-builder";
import { parsePythonRepr } from "../python-repr/parse-python-repr";

/** Encoded values longer than this are left as they are (parsing costs memory; no real column is that long). */
const MAX_ENCODED_CHARS = 2_000_000;

/**
 * A `Map(String, String)` column (attributes) as a fresh record: an object in JSON output, a list of
 * `[key, value]` pairs in the compact formats, or an object encoded in a string (a query that selected
 * `toJSONString(SpanAttributes)`, a table that stores attributes as a `String`). An absent column is
 * an empty map; any other value is no map at all (`undefined`), so the caller keeps it as it came.
 */
export function mapColumn(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return {};
  const decoded = decodeText(value);
  if (isRecord(decoded)) return { ...decoded };
  return Array.isArray(decoded) ? pairs(decoded) : undefined;
}

/** Attributes from a map column; a value that is no map is kept whole rather than dropped. */
export function attributesOf(value: unknown): Record<string, unknown> {
  return mapColumn(value) ?? { "otel.attributes": value };
}

/**
 * An `Array` column (one field of the flattened `Events`/`Links`), or a nested column, as a list or
 * an object: itself, or decoded from a string holding JSON or, as Python clients dump what they
 * read, a Python repr (`"[datetime.datetime(2025, 6, 20, 21, 37, 8, 604341)]"`).
 */
export function decodeText(value: unknown): unknown {
  if (typeof value !== "string" || value.length > MAX_ENCODED_CHARS) return value;
  const first = value.trimStart()[0];
  if (first !== "[" && first !== "{") return value;
  try {
    return JSON.parse(value);
  } catch {
    return parsePythonRepr(value) ?? value;
  }
}

function pairs(list: unknown[]): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const pair of list) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string") return undefined;
    out[pair[0]] = pair[1];
  }
  return out;
}
