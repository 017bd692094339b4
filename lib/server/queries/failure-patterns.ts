import "server-only";
import { clusterFailureSignatures, type FailureCluster } from "@/lib/patterns";
import type { AnalysisReport } from "@/lib/attribution/types";
import { pool } from "../pg-pool";
import type { SignatureFields } from "../analysis-columns";
import type { RunSummary } from "@/lib/view/run-row";

/** Newest failed runs the clustering reads; a page of patterns, not a data warehouse. */
export const PATTERN_MAX_RUNS = 1000;

export type PatternRun = Pick<RunSummary, "id" | "title" | "system">;

export interface FailurePatterns {
  clusters: FailureCluster[];
  runs: Record<string, PatternRun>;
  /** Failed runs considered (with a finished analysis that names a decisive error). */
  analyzed: number;
  /** Every run whose outcome is failure (the runs list's "failed" count), analysed or not. */
  failed: number;
}

/**
 * Corrective patterns (AgentGrad-style clustering, offline): the decisive errors of failed runs (optionally of one system),
 * clustered by signature with `clusterFailureSignatures`. Reads the analyses' `signatureFields` column
 * (the decisive error, its step report, the channel path and the interaction), never whole reports.
 */
export async function getFailurePatterns({ system }: { system?: string } = {}): Promise<FailurePatterns> {
  const args: unknown[] = [];
  // Failed runs only, as the runs list counts them: an unknown outcome names suspects, not decisive errors.
  const where = [`r.outcome = 'failure'`];
  if (system) {
    args.push(system);
    where.push(`r.system = $${args.length}`);
  }
  const { rows } = await pool().query<PatternRun & { signatureFields: SignatureFields }>(
    `SELECT r.id, r.title, r.system, a."signatureFields"
     FROM runs r
     JOIN LATERAL (SELECT "signatureFields" FROM analyses WHERE "runId" = r.id AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1) a ON true
     WHERE ${where.join(" AND ")} AND a."signatureFields" IS NOT NULL
     ORDER BY r."createdAt" DESC, r.id LIMIT ${PATTERN_MAX_RUNS}`,
    args,
  );
  // The cast is the projection: `failureSignature` reads only these fields (analysis-columns.ts
  // copies them when an analysis finishes), so whole reports never leave the database here.
  const items = rows.map((r) => ({ runId: r.id, report: r.signatureFields as AnalysisReport }));
  const {
    rows: [count],
  } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM runs r WHERE ${where.join(" AND ")}`, args);
  return {
    clusters: clusterFailureSignatures(items),
    runs: Object.fromEntries(rows.map((r) => [r.id, { id: r.id, title: r.title, system: r.system }])),
    analyzed: rows.length,
    failed: count?.n ?? 0,
  };
}
