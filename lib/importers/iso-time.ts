import type { NanoTime } from "./otlp/decoded-span";

const ISO = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses an ISO-8601 timestamp, keeping sub-millisecond digits (LangSmith writes microseconds).
 * A timestamp without offset is UTC, as LangSmith and Langfuse exports mean it.
 */
export function isoToNano(value: unknown): NanoTime | undefined {
  if (typeof value !== "string") return undefined;
  const m = ISO.exec(value.trim());
  if (!m) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? { ms, subNs: 0 } : undefined;
  }
  const frac = (m[2] ?? "").padEnd(9, "0").slice(0, 9);
  const ms = Date.parse(`${m[1].replace(" ", "T")}.${frac.slice(0, 3)}${m[3] ?? "Z"}`);
  if (!Number.isFinite(ms)) return undefined;
  return { ms, subNs: Number(frac.slice(3)) };
}
