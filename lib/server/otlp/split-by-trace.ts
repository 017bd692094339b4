import "server-only";
import { normalizeOtlpId } from "@/lib/importers/otlp/otlp-ids";

type Obj = Record<string, unknown>;

export interface TraceBatch {
  traceId: string;
  /** An ExportTraceServiceRequest holding only this trace's spans (resource and scope kept). */
  request: { resourceSpans: Obj[] };
  spanCount: number;
  /** True when the batch holds the trace's root span (a span without parent). */
  hasRoot: boolean;
}

/**
 * Splits one OTLP request (JSON shape, from a JSON body or decoded protobuf) into per-trace
 * batches, since one export may carry spans of several traces and each trace becomes one run.
 */
export function splitByTrace(request: unknown): TraceBatch[] {
  const byTrace = new Map<string, TraceBatch>();
  const resourceSpans = arrayOf((request as Obj | null)?.resourceSpans);
  for (const rs of resourceSpans) {
    const scopes = [...arrayOf(rs.scopeSpans), ...arrayOf(rs.instrumentationLibrarySpans)];
    for (const scope of scopes) {
      for (const span of arrayOf(scope.spans)) {
        const traceId = normalizeOtlpId(span.traceId, 16) ?? "unknown-trace";
        let batch = byTrace.get(traceId);
        if (!batch) {
          batch = { traceId, request: { resourceSpans: [] }, spanCount: 0, hasRoot: false };
          byTrace.set(traceId, batch);
        }
        let rsOut = batch.request.resourceSpans.find((r) => r.resource === rs.resource) as Obj | undefined;
        if (!rsOut) {
          rsOut = { resource: rs.resource, scopeSpans: [] };
          batch.request.resourceSpans.push(rsOut);
        }
        const scopeKey = scope.scope ?? scope.instrumentationLibrary;
        const scopeList = rsOut.scopeSpans as Obj[];
        let scopeOut = scopeList.find((s) => s.scope === scopeKey);
        if (!scopeOut) {
          scopeOut = { scope: scopeKey, spans: [] };
          scopeList.push(scopeOut);
        }
        (scopeOut.spans as Obj[]).push(span);
        batch.spanCount++;
        if (!normalizeOtlpId(span.parentSpanId, 8)) batch.hasRoot = true;
      }
    }
  }
  return [...byTrace.values()];
}

function arrayOf(value: unknown): Obj[] {
  return Array.isArray(value) ? (value.filter((v) => v && typeof v === "object") as Obj[]) : [];
}
