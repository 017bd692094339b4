import "server-only";
import { normalizeOtlpId } from "@/lib/importers/otlp/otlp-ids";
import { TraceInputError } from "@/lib/trace/errors";

type Obj = Record<string, unknown>;

export interface TraceBatch {
  traceId: string;
  /** An ExportTraceServiceRequest holding only this trace's spans (resource and scope kept). */
  request: { resourceSpans: Obj[] };
  spanCount: number;
  /** True when the batch holds the trace's root span (a span without parent). */
  hasRoot: boolean;
}

export interface SplitResult {
  /** Sorted by traceId, so every writer locks trace-state rows in the same order (no deadlock). */
  batches: TraceBatch[];
  /** Spans without a valid trace id: they belong to no trace, so they are refused, not pooled. */
  rejectedSpans: number;
}

/**
 * Splits one OTLP request (JSON shape, from a JSON body or decoded protobuf) into per-trace
 * batches, since one export may carry spans of several traces and each trace becomes one run.
 * Linear in the number of spans (resource and scope lookups are maps, not scans).
 */
export function splitByTrace(request: unknown, maxSpans = Infinity): SplitResult {
  const byTrace = new Map<string, TraceBatch & { resources: Map<unknown, Map<unknown, Obj>> }>();
  let rejectedSpans = 0;
  let total = 0;
  const resourceSpans = arrayOf((request as Obj | null)?.resourceSpans);
  for (const rs of resourceSpans) {
    const scopes = [...arrayOf(rs.scopeSpans), ...arrayOf(rs.instrumentationLibrarySpans)];
    for (const scope of scopes) {
      for (const span of arrayOf(scope.spans)) {
        if (++total > maxSpans) {
          throw new TraceInputError(
            "too_large",
            `Too many spans in one OTLP request: more than ${maxSpans} (set CULPRIT_MAX_SPANS to change it).`,
          );
        }
        const traceId = normalizeOtlpId(span.traceId, 16);
        if (!traceId) {
          rejectedSpans++;
          continue;
        }
        let batch = byTrace.get(traceId);
        if (!batch) {
          batch = { traceId, request: { resourceSpans: [] }, spanCount: 0, hasRoot: false, resources: new Map() };
          byTrace.set(traceId, batch);
        }
        let scopesOut = batch.resources.get(rs.resource);
        if (!scopesOut) {
          const rsOut: Obj = { resource: rs.resource, scopeSpans: [] };
          batch.request.resourceSpans.push(rsOut);
          scopesOut = new Map([[SCOPE_LIST, rsOut]]);
          batch.resources.set(rs.resource, scopesOut);
        }
        const scopeKey = scope.scope ?? scope.instrumentationLibrary;
        let scopeOut = scopesOut.get(scopeKey ?? NO_SCOPE);
        if (!scopeOut) {
          scopeOut = { scope: scopeKey, spans: [] };
          ((scopesOut.get(SCOPE_LIST) as Obj).scopeSpans as Obj[]).push(scopeOut);
          scopesOut.set(scopeKey ?? NO_SCOPE, scopeOut);
        }
        (scopeOut.spans as Obj[]).push(span);
        batch.spanCount++;
        if (!normalizeOtlpId(span.parentSpanId, 8)) batch.hasRoot = true;
      }
    }
  }
  const batches = [...byTrace.values()]
    .map(({ traceId, request: req, spanCount, hasRoot }) => ({ traceId, request: req, spanCount, hasRoot }))
    .sort((a, b) => (a.traceId < b.traceId ? -1 : a.traceId > b.traceId ? 1 : 0));
  return { batches, rejectedSpans };
}

const SCOPE_LIST = Symbol("resourceSpans entry");
const NO_SCOPE = Symbol("no scope");

function arrayOf(value: unknown): Obj[] {
  return Array.isArray(value) ? (value.filter((v) => v && typeof v === "object") as Obj[]) : [];
}
