import { isRecord } from "../trace-builder";
import type { DecodedSpan } from "../otlp/decoded-span";
import { nano } from "../otlp/collect-spans";
import { normalizeOtlpId } from "../otlp/otlp-ids";

const KINDS: Record<string, number> = { UNSPECIFIED: 0, INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 };
const STATUS: Record<string, number> = { UNSET: 0, OK: 1, ERROR: 2 };

/**
 * OTLP span fields with the attributes as a plain object instead of a `KeyValue` list, and kind and
 * status as names: what AWS CloudWatch stores in `aws/spans` (Transaction Search, Bedrock AgentCore
 * observability) and what its Logs Insights export wraps as `{timestamp, raw_otel_json: span}`.
 */
export function isFlatOtlpSpan(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) &&
    typeof value.traceId === "string" &&
    typeof value.spanId === "string" &&
    typeof value.name === "string" &&
    "startTimeUnixNano" in value &&
    (value.attributes === undefined || isRecord(value.attributes))
  );
}

/** The span a CloudWatch Logs Insights export row carries, or the value itself. */
export function unwrapSpanRecord(value: unknown): unknown {
  return isRecord(value) && isFlatOtlpSpan(value.raw_otel_json) ? value.raw_otel_json : value;
}

export function decodeFlatSpan(s: Record<string, unknown>, path: string, index: number): DecodedSpan {
  const status = isRecord(s.status) ? s.status : {};
  const resource = isRecord(s.resource) && isRecord(s.resource.attributes) ? s.resource.attributes : {};
  const scope = isRecord(s.scope) ? s.scope : undefined;
  return {
    traceId: normalizeOtlpId(s.traceId, 16),
    spanId: normalizeOtlpId(s.spanId, 8),
    parentSpanId: typeof s.parentSpanId === "string" && s.parentSpanId ? normalizeOtlpId(s.parentSpanId, 8) : undefined,
    name: s.name as string,
    kind: spanKindNumber(s.kind),
    start: nano(s.startTimeUnixNano),
    end: nano(s.endTimeUnixNano),
    attributes: isRecord(s.attributes) ? { ...s.attributes } : {},
    events: [],
    links: [],
    statusCode: statusCodeNumber(status.code),
    statusMessage: typeof status.message === "string" && status.message ? status.message : undefined,
    resource: { ...resource },
    scope: scope ? { name: str(scope.name), version: str(scope.version) } : undefined,
    path,
    pathIndex: index,
  };
}

/**
 * OTLP SpanKind number of a kind given as a number or a name in any case, with or without the
 * enum prefix (`SERVER`, `SPAN_KIND_SERVER`, and the ClickHouse exporter's `Server`).
 */
export function spanKindNumber(value: unknown): number {
  return enumNumber(value, KINDS, "SPAN_KIND_");
}

/** OTLP status code number of a code given the same ways (`ERROR`, `STATUS_CODE_ERROR`, `Error`). */
export function statusCodeNumber(value: unknown): number {
  return enumNumber(value, STATUS, "STATUS_CODE_");
}

function enumNumber(value: unknown, names: Record<string, number>, prefix: string): number {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value !== "string") return 0;
  const name = value.toUpperCase().replace(prefix, "");
  return names[name] ?? 0;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v ? v : undefined;
}
