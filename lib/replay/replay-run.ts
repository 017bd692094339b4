import type { TTrace } from "../trace/schema";
import { contentHash } from "../trace/content-hash";
import type { ReplayRun } from "./protocol";

/** What the replay request says about the original run, from its canonical trace. */
export function replayRunOf(trace: TTrace, runId?: string): ReplayRun {
  const attributes = trace.run.attributes ?? {};
  const ids = attributes["otel.trace_ids"];
  return {
    ...(runId ? { id: runId } : {}),
    ...(trace.run.title ? { title: trace.run.title } : {}),
    ...(trace.run.system ? { system: trace.run.system } : {}),
    contentHash: contentHash(trace),
    sourceFormat: trace.run.sourceFormat,
    traceIds: Array.isArray(ids) ? ids.map(String) : [],
    attributes,
  };
}
