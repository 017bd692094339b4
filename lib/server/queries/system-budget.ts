import "server-only";
import { agentsAcrossRuns, fitBudget, type AgentAcrossRuns, type BudgetFit, type BudgetRun } from "@/lib/patterns";
import type { MetricsCsvRun } from "@/lib/view/metrics-csv";
import { pool } from "../pg-pool";
import type { AgentFigures, TrajectoryMetrics } from "../analysis-columns";
import type { Run } from "@/lib/generated/prisma/client";
import type { DecidedOutcome } from "@/lib/view/run-row";

/** Runs per system the budget view reads (newest first): enough for a stable fit, bounded for the page. */
export const BUDGET_MAX_RUNS = 200;

export interface SystemBudget {
  system: string;
  runs: (BudgetRun & { title: string })[];
  fit: BudgetFit | null;
  agents: AgentAcrossRuns[];
  /** Runs whose newest analysis predates trajectory metrics (tokens from the run row; no per-agent data). */
  withoutTrajectory: number;
}

type Row = Pick<Run, "id" | "title"> & {
  outcome: DecidedOutcome;
  runTokens: Run["totalTokens"];
  metrics: TrajectoryMetrics | null;
  agentFigures: AgentFigures[] | null;
};

/**
 * Outcome against token budget over one system's newest runs, and per-agent importance and blame
 * across them. Reads the analyses' small summary columns (analysis-columns.ts), never the reports.
 */
export async function getSystemBudget(system: string): Promise<SystemBudget> {
  const { rows } = await pool().query<Row>(
    `SELECT r.id, r.title, r.outcome, r."totalTokens" AS "runTokens", a."trajectoryMetrics" AS metrics, a."agentFigures"
     FROM runs r
     LEFT JOIN LATERAL (SELECT "trajectoryMetrics", "agentFigures" FROM analyses WHERE "runId" = r.id AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1) a ON true
     WHERE r.system = $1 AND r.outcome IN ('success', 'failure')
     ORDER BY r."createdAt" DESC, r.id LIMIT ${BUDGET_MAX_RUNS}`,
    [system],
  );
  const runs = rows.map((r) => ({
    runId: r.id,
    title: r.title,
    success: r.outcome === "success",
    tokens: r.metrics?.size.tokens.total ?? Number(r.runTokens),
  }));
  const withAgents = rows.filter((r) => Array.isArray(r.agentFigures));
  return {
    system,
    runs,
    fit: fitBudget(runs),
    agents: agentsAcrossRuns(
      withAgents.map((r) => ({
        success: r.outcome === "success",
        perAgent: r.agentFigures!.filter((a) => a.tokenShare > 0 || a.importance > 0 || a.blame > 0),
      })),
    ),
    withoutTrajectory: rows.length - withAgents.length,
  };
}

/** Per-run trajectory metrics of a system's newest runs (without per-agent rows and flags), for the CSV export. */
export async function getSystemMetricsRows(system: string): Promise<MetricsCsvRun[]> {
  const { rows } = await pool().query<
    Pick<Run, "id" | "title" | "outcome" | "createdAt"> &
      Pick<MetricsCsvRun, "culprit"> & { trajectory: TrajectoryMetrics | null }
  >(
    `SELECT r.id, r.title, r.outcome, r."createdAt", a."culpritAgent" AS culprit, a."trajectoryMetrics" AS trajectory
     FROM runs r
     LEFT JOIN LATERAL (SELECT "culpritAgent", "trajectoryMetrics" FROM analyses WHERE "runId" = r.id AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1) a ON true
     WHERE r.system = $1
     ORDER BY r."createdAt" DESC, r.id LIMIT ${METRICS_CSV_MAX_RUNS}`,
    [system],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    outcome: r.outcome,
    createdAt: r.createdAt.toISOString(),
    culprit: r.culprit,
    trajectory: r.trajectory,
  }));
}

/** Rows in one CSV export: bounded like every list. */
export const METRICS_CSV_MAX_RUNS = 5000;
