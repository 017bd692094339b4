import "server-only";
import { randomUUID } from "node:crypto";
import type { TTrace } from "@/lib/trace/schema";
import { contentHash } from "@/lib/trace/content-hash";
import { pool } from "./pg-pool";
import { withTransaction } from "./transaction";
import { type CopyValue, copyRows } from "./copy-rows";
import type { EncodedRun } from "./encode-trace";
import { ENGINE_VERSION } from "@/lib/attribution/config";
import { sanitizeTrace } from "./sanitize-trace";
import {
  runRow,
  agentRows,
  stepRows,
  edgeRows,
  labelValues,
  AGENT_COLUMNS,
  STEP_COLUMNS,
  EDGE_COLUMNS,
} from "./trace-rows";

export interface IngestResult {
  runId: string;
  /** False when the same content was already stored: the existing run is returned. */
  created: boolean;
  /** The queued analysis row created in the same transaction (only when created). */
  analysisId?: string;
}

export interface IngestOptions {
  isDemo?: boolean;
  /** The person whose session or key uploads it (their keys may later store verifications on it). */
  uploadedByUserId?: string | null;
  /** Test hook: called between write stages, inside the transaction. */
  onStage?: (stage: "run" | "agents" | "steps" | "edges" | "labels") => void | Promise<void>;
}

/**
 * Stores a validated trace: the run, its agents, steps, edges and imported labels commit together
 * or not at all. Steps and edges go through COPY, so a 100k-step run is one round of streaming,
 * not 100k inserts. Idempotent on the trace's content hash.
 */
export async function ingestTrace(input: TTrace, options: IngestOptions = {}): Promise<IngestResult> {
  // Values Postgres cannot store (NUL, lone surrogates, year 0, offsets beyond ±15:59) are
  // cleaned before hashing, so the hash, COPY and parameterized writes all see the same trace.
  const trace = sanitizeTrace(input);
  const hash = contentHash(trace);
  const existing = await findRunByHash(hash);
  if (existing) return { runId: existing, created: false };
  const runId = randomUUID();
  const stepIndex = new Map(trace.steps.map((s, i) => [s.id, i]));
  return storeRun(
    {
      runId,
      hash,
      run: runRow(runId, hash, trace, options.isDemo ?? false, options.uploadedByUserId ?? null),
      agents: agentRows(runId, trace),
      steps: stepRows(runId, trace, stepIndex),
      edges: edgeRows(runId, trace, stepIndex),
      labels: labelValues(trace),
    },
    options,
  );
}

/**
 * Stores a run the import sandbox encoded (encode-trace.ts): the same rows and transaction as
 * `ingestTrace`, but this process only streams the COPY bytes it was handed.
 */
export async function ingestEncoded(encoded: EncodedRun, options: IngestOptions = {}): Promise<IngestResult> {
  const existing = await findRunByHash(encoded.hash);
  if (existing) return { runId: existing, created: false };
  return storeRun(encoded, options);
}

type RunSource = Omit<EncodedRun, "agents" | "steps" | "edges"> & {
  agents: Iterable<CopyValue[]> | Uint8Array;
  steps: Iterable<CopyValue[]> | Uint8Array;
  edges: Iterable<CopyValue[]> | Uint8Array;
};

async function storeRun(source: RunSource, options: IngestOptions): Promise<IngestResult> {
  const { runId, hash, run } = source;
  const analysisId = randomUUID();
  const created = await withTransaction(async (client) => {
    const inserted = await client.query(
      `INSERT INTO runs (${run.columns.map((c) => `"${c}"`).join(", ")}) VALUES (${run.columns.map((_, i) => `$${i + 1}`).join(", ")})
       ON CONFLICT ("contentHash") DO NOTHING RETURNING id`,
      run.values,
    );
    // Someone stored the same content between our lookup and our insert: nothing more to write.
    if (inserted.rowCount === 0) return false;
    await options.onStage?.("run");
    await copyRows(client, "agents", AGENT_COLUMNS, source.agents);
    await options.onStage?.("agents");
    await copyRows(client, "steps", STEP_COLUMNS, source.steps);
    await options.onStage?.("steps");
    await copyRows(client, "edges", EDGE_COLUMNS, source.edges);
    await options.onStage?.("edges");
    for (const label of source.labels) {
      await client.query(
        `INSERT INTO human_labels (id, "runId", agent, "stepId", note, author, imported) VALUES ($1, $2, $3, $4, $5, $6, true)`,
        [randomUUID(), runId, label.agent, label.stepId, label.note, label.author],
      );
    }
    await options.onStage?.("labels");
    // The analysis row commits with the run: a crash right after the commit leaves a queued
    // analysis that the reaper re-sends, never a run that is "not analyzed yet" for good.
    await client.query(
      `INSERT INTO analyses (id, "runId", "engineVersion", status, config) VALUES ($1, $2, $3, 'queued', '{}')`,
      [analysisId, runId, ENGINE_VERSION],
    );
    return true;
  });
  return created ? { runId, created, analysisId } : { runId: (await findRunByHash(hash))!, created: false };
}

async function findRunByHash(hash: string): Promise<string | undefined> {
  const { rows } = await pool().query<{ id: string }>(`SELECT id FROM runs WHERE "contentHash" = $1`, [hash]);
  return rows[0]?.id;
}
