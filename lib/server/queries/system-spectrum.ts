import "server-only";
import { behaviourSignature, spectrumSuspiciousness, type SpectrumResult, type SpectrumRun } from "@/lib/patterns";
import type { TStep } from "@/lib/trace/schema";
import { pool } from "../pg-pool";
import type { Run } from "@/lib/generated/prisma/client";
import type { DecidedOutcome, RunSummary } from "@/lib/view/run-row";
import { spectrumMaxSteps } from "../limits";
import { readDetectorHits } from "../analysis-columns";

/** Runs per system the spectrum reads (newest first): enough for FAMAS's ~20 replays, bounded for the page. */
export const SPECTRUM_MAX_RUNS = 100;

export interface SystemSummary {
  system: string;
  runs: number;
  failed: number;
  passed: number;
}

export type SpectrumRunInfo = Pick<RunSummary, "id" | "title" | "createdAt"> & { outcome: DecidedOutcome };

export interface SystemSpectrum {
  system: string;
  runs: SpectrumRunInfo[];
  /** Runs of the system whose outcome is unknown: they cannot enter a spectrum. */
  unknownOutcome: number;
  /** null when the system has no failed run (nothing to localize). */
  result: SpectrumResult | null;
}

/** Systems with their run counts by outcome, most failures first. */
export async function listSystems(): Promise<SystemSummary[]> {
  const { rows } = await pool().query<{ system: string; runs: string; failed: string; passed: string }>(
    `SELECT system, count(*) AS runs, count(*) FILTER (WHERE outcome = 'failure') AS failed, count(*) FILTER (WHERE outcome = 'success') AS passed
     FROM runs WHERE system IS NOT NULL GROUP BY system ORDER BY count(*) FILTER (WHERE outcome = 'failure') DESC, system LIMIT 500`,
  );
  return rows.map((r) => ({
    system: r.system,
    runs: Number(r.runs),
    failed: Number(r.failed),
    passed: Number(r.passed),
  }));
}

/**
 * FAMAS spectrum over the newest runs of one system: behaviours are deterministic step signatures
 * (kind, tool, state key, error, detectors of the newest finished analysis). α uses `targetRunId`
 * when it is one of the system's failed runs, else the newest failed run.
 */
export async function getSystemSpectrum({
  system,
  targetRunId,
}: {
  system: string;
  targetRunId?: string;
}): Promise<SystemSpectrum> {
  const db = pool();
  const [runs, unknown] = await Promise.all([
    // Bounded work for a GET: whole runs, newest first, until the step budget is spent (a run
    // alone over the budget is skipped), so 100 runs of 100k steps never reach this process.
    db.query<Pick<Run, "id" | "title" | "createdAt"> & { outcome: DecidedOutcome }>(
      `SELECT id, title, outcome, "createdAt" FROM (
         SELECT id, title, outcome, "createdAt", sum("stepCount") OVER (ORDER BY "createdAt" DESC, id) AS seen
         FROM runs WHERE system = $1 AND outcome IN ('success', 'failure') AND "stepCount" <= $2
         ORDER BY "createdAt" DESC, id LIMIT ${SPECTRUM_MAX_RUNS}) r
       WHERE seen <= $2 ORDER BY "createdAt" DESC, id`,
      [system, spectrumMaxSteps()],
    ),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM runs WHERE system = $1 AND outcome = 'unknown'`, [system]),
  ]);
  const ids = runs.rows.map((r) => r.id);
  const [steps, hits] = await Promise.all([
    db.query<{
      runId: string;
      stepId: string;
      agent: string;
      kind: TStep["kind"];
      toolName: string | null;
      stateOp: string | null;
      stateKey: string | null;
      target: string | null;
      status: TStep["status"];
    }>(
      `SELECT "runId", "stepId", agent, kind, "toolName", "stateOp", "stateKey", target, status FROM steps WHERE "runId" = ANY($1::uuid[]) ORDER BY "runId", idx`,
      [ids],
    ),
    // The detectors of each run's newest finished analysis, from the column written beside the
    // report (lib/server/analysis-columns.ts): a spectrum never reads whole reports.
    db.query<{ runId: string; detectorHits: unknown }>(
      `SELECT a."runId", a."detectorHits"
       FROM unnest($1::uuid[]) AS r(id)
       JOIN LATERAL (SELECT "runId", "detectorHits" FROM analyses WHERE "runId" = r.id AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1) a ON true`,
      [ids],
    ),
  ]);
  const detectorsOf = new Map<string, string[]>();
  for (const row of hits.rows) {
    for (const h of readDetectorHits(row.detectorHits)) detectorsOf.set(`${row.runId}\u0000${h.stepId}`, h.detectors);
  }
  const behavioursOf = new Map<string, SpectrumRun["behaviours"]>(ids.map((id) => [id, []]));
  for (const s of steps.rows) {
    const step = {
      kind: s.kind,
      status: s.status,
      tool: s.toolName ? { name: s.toolName } : undefined,
      state: s.stateOp && s.stateKey ? { op: s.stateOp as "read" | "write", key: s.stateKey } : undefined,
      target: s.target ?? undefined,
    };
    behavioursOf
      .get(s.runId)!
      .push({ agent: s.agent, signature: behaviourSignature(step, detectorsOf.get(`${s.runId}\u0000${s.stepId}`)) });
  }
  const spectrumRuns: SpectrumRun[] = runs.rows.map((r) => ({
    runId: r.id,
    outcome: r.outcome,
    behaviours: behavioursOf.get(r.id)!,
  }));
  const hasFailure = spectrumRuns.some((r) => r.outcome === "failure");
  return {
    system,
    runs: runs.rows.map((r) => ({
      id: r.id,
      title: r.title,
      outcome: r.outcome,
      createdAt: r.createdAt.toISOString(),
    })),
    unknownOutcome: Number(unknown.rows[0].n),
    result: hasFailure ? spectrumSuspiciousness(spectrumRuns, { targetRunId }) : null,
  };
}
