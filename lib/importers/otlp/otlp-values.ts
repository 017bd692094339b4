/**
 * Decoding of OTLP/JSON `AnyValue` / `KeyValue` lists into plain JS values. Tolerates both the
 * protobuf-JSON mapping (int64 as string) and sloppy exporters (int64 as number).
 */

/** Converts one OTLP `AnyValue` into a JS value (int64 → number when exact, else the string). */
export function anyValueToJs(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const v = value as Record<string, unknown>;
  if ("stringValue" in v) return v.stringValue;
  if ("intValue" in v) return int64(v.intValue);
  if ("doubleValue" in v) return typeof v.doubleValue === "string" ? Number(v.doubleValue) : v.doubleValue;
  if ("boolValue" in v) return v.boolValue;
  if ("arrayValue" in v) {
    const values = (v.arrayValue as { values?: unknown[] } | undefined)?.values;
    return Array.isArray(values) ? values.map(anyValueToJs) : [];
  }
  if ("kvlistValue" in v) return keyValuesToRecord((v.kvlistValue as { values?: unknown[] } | undefined)?.values);
  if ("bytesValue" in v) return v.bytesValue;
  return undefined;
}

/** Converts a `KeyValue[]` list into a record; later duplicates win, as in the SDKs. */
export function keyValuesToRecord(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(list)) return out;
  for (let i = 0; i < list.length; i++) {
    const kv = list[i] as { key?: unknown; value?: unknown } | null;
    if (kv && typeof kv.key === "string") out[kv.key] = anyValueToJs(kv.value);
  }
  return out;
}

/** int64 as string or number → number when it is a safe integer, else the original string. */
export function int64(value: unknown): number | string | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value !== "") {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  }
  return undefined;
}
