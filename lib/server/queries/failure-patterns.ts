import "server-only";
import { clusterFailureSignatures, type FailureCluster } from "@/lib/patterns";
import type { AnalysisReport } from "@/lib/attribution/types";
import { pool } from "../pg-pool";

/** Newest failed runs the clustering reads; a page of patterns, not a data warehouse. */
export const PATTERN_MAX_RUNS = 1000;

export interface PatternRun {
  id: string;
  title: string;
  system: string | null;
}

export interface FailurePatterns {
  clusters: FailureCluster[];
  runs: Record<string, PatternRun>;
  /** Failed runs considered (with a finished analysis that names a decisive error). */
  analyzed: number;
}

/**
 * Corrective patterns (AgentGrad-style clustering, offline): the decisive errors of failed runs (optionally of one system),
 * clustered by signature with `clusterFailureSignatures`. Only the report fields the signature reads
 * leave the database: the decisive error, its step's detectors, the channel path and the interaction.
 */
export async function getFailurePatterns({ system }: { system?: string } = {}): Promise<FailurePatterns> {
  const args: unknown[] = [];
  const where = [`r.outcome <> 'success'`];
  if (system) {
    args.push(system);
    where.push(`r.system = $${args.length}`);
  }
  const { rows } = await pool().query<{ id: string; title: string; system: string | null; decisive: AnalysisReport["decisive"]; channelPath: AnalysisReport["channelPath"]; interaction: AnalysisReport["interaction"]; decisiveStep: AnalysisReport["steps"][number] | null }>(
    `SELECT r.id, r.title, r.system, a.result->'decisive' AS decisive, a.result->'channelPath' AS "channelPath", a.result->'interaction' AS interaction,
            (SELECT s FROM jsonb_array_elements(a.result->'steps') s WHERE s->>'stepId' = a.result->'decisive'->>'stepId' LIMIT 1) AS "decisiveStep"
     FROM runs r
     JOIN LATERAL (SELECT result FROM analyses WHERE "runId" = r.id AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1) a ON true
     WHERE ${where.join(" AND ")} AND jsonb_typeof(a.result->'decisive') = 'object'
     ORDER BY r."createdAt" DESC, r.id LIMIT ${PATTERN_MAX_RUNS}`,
    args,
  );
  const items = rows.map((r) => ({ runId: r.id, report: signatureFields(r) }));
  return {
    clusters: clusterFailureSignatures(items),
    runs: Object.fromEntries(rows.map((r) => [r.id, { id: r.id, title: r.title, system: r.system }])),
    analyzed: rows.length,
  };
}

/**
 * A report reduced to what `failureSignature` reads (decisive, its step, channelPath, interaction).
 * The cast is the projection: loading whole reports (every step of every run) only to drop them
 * would make this page cost O(total steps).
 */
function signatureFields(r: { decisive: AnalysisReport["decisive"]; channelPath: AnalysisReport["channelPath"]; interaction: AnalysisReport["interaction"]; decisiveStep: AnalysisReport["steps"][number] | null }): AnalysisReport {
  const projection: Pick<AnalysisReport, "decisive" | "steps" | "channelPath" | "interaction"> = {
    decisive: r.decisive,
    steps: r.decisiveStep ? [r.decisiveStep] : [],
    channelPath: r.channelPath ?? [],
    interaction: r.interaction,
  };
  return projection as AnalysisReport;
}
