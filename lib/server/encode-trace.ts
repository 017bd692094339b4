import "server-only";
import { randomUUID } from "node:crypto";
import type { TTrace } from "@/lib/trace/schema";
import { type CopyValue, copyChunks } from "./json-text";
import { agentRows, edgeRows, labelValues, runRow, stepRows } from "./trace-rows";

/**
 * A run as the bytes that store it: the run row's values and each table's COPY text. Made in the
 * import sandbox and handed to the web server as transferred buffers, so the server's event loop
 * neither rebuilds the trace's object graph (a 200k-step trace took seconds to deserialize there)
 * nor encodes its rows; it only streams bytes to Postgres (review M-3, check 22).
 */
export interface EncodedRun {
  runId: string;
  hash: string;
  run: { columns: string[]; values: CopyValue[] };
  agents: Uint8Array;
  steps: Uint8Array;
  edges: Uint8Array;
  labels: ReturnType<typeof labelValues>;
}

/** The COPY text of `rows` as UTF-8 in a buffer of its own (transferable without touching a shared pool). */
function copyBytes(rows: Iterable<CopyValue[]>): Uint8Array {
  const chunks = [...copyChunks(rows)];
  const out = new Uint8Array(chunks.reduce((n, c) => n + Buffer.byteLength(c), 0));
  const encoder = new TextEncoder();
  let at = 0;
  for (const c of chunks) at += encoder.encodeInto(c, out.subarray(at)).written;
  return out;
}

/** Encodes a sanitized trace with its content hash for storing, under a fresh run id. */
export function encodeRun(trace: TTrace, hash: string, uploadedByUserId: string | null): EncodedRun {
  const runId = randomUUID();
  const stepIndex = new Map(trace.steps.map((s, i) => [s.id, i]));
  return {
    runId,
    hash,
    run: runRow(runId, hash, trace, false, uploadedByUserId),
    agents: copyBytes(agentRows(runId, trace)),
    steps: copyBytes(stepRows(runId, trace, stepIndex)),
    edges: copyBytes(edgeRows(runId, trace, stepIndex)),
    labels: labelValues(trace),
  };
}
