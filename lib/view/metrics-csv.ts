/**
 * Trajectory metrics of a system's runs as CSV (one row per run), for spreadsheets. Cells that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed with a quote: run titles and
 * agent names come from traces and must stay inert.
 */
import type { TrajectoryReport } from "../attribution/trajectory/types";
import type { RunListAnalysis, RunSummary } from "./run-row";

/** One CSV row: the run row's fields (lib/view/run-row.ts, derived from the schema) and its metrics. */
export type MetricsCsvRun = Pick<RunSummary, "id" | "title" | "outcome" | "createdAt"> &
  Pick<RunListAnalysis, "culprit"> & {
    trajectory: Omit<TrajectoryReport, "perAgent" | "flags"> | null;
  };

const COLUMNS: [string, (t: NonNullable<MetricsCsvRun["trajectory"]>) => number | string | null][] = [
  ["steps", (t) => t.size.steps],
  ["active_agents", (t) => t.size.activeAgents],
  ["tokens_total", (t) => (t.size.tokenBasis === "tokens" ? t.size.tokens.total : null)],
  ["tokens_input", (t) => (t.size.tokenBasis === "tokens" ? t.size.tokens.input : null)],
  ["tokens_output", (t) => (t.size.tokenBasis === "tokens" ? t.size.tokens.output : null)],
  ["cost_usd", (t) => t.size.costUsd],
  ["wall_time_ms", (t) => t.size.wallTimeMs],
  ["critical_path_ms", (t) => t.size.criticalPathMs],
  ["tool_calls", (t) => t.tools.calls],
  ["tool_errors", (t) => t.tools.errors],
  ["tool_errors_recovered", (t) => t.tools.recovered],
  ["tool_errors_ignored", (t) => t.tools.ignored],
  ["tool_retries", (t) => t.tools.retries],
  ["verification_steps", (t) => t.verification.steps],
  ["verification_cost_share", (t) => t.verification.costShare],
  ["sourced_checks", (t) => t.verification.sourcedChecks],
  ["rubber_stamps", (t) => t.verification.rubberStamps],
  ["verification_collapse_rate", (t) => t.verification.collapseRate],
  ["near_duplicate_messages", (t) => t.redundancy.nearDuplicateMessages],
  ["near_duplicate_token_share", (t) => t.redundancy.nearDuplicateTokenShare],
  ["repeated_tool_calls", (t) => t.redundancy.repeatedToolCalls],
  ["loops", (t) => t.redundancy.loops],
  ["handoffs", (t) => t.delegation.handoffs],
  ["max_fan_out", (t) => t.delegation.maxFanOut],
  ["unread_messages", (t) => t.delegation.unreadMessages],
  ["state_writes", (t) => t.memory.writes],
  ["state_reads", (t) => t.memory.reads],
  ["unread_writes", (t) => t.memory.unreadWrites],
  ["stale_reads", (t) => t.memory.staleReads],
  ["shared_keys", (t) => t.memory.sharedKeys],
];

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function metricsCsv(runs: MetricsCsvRun[]): string {
  const header = ["run_id", "title", "outcome", "created_at", "culprit", ...COLUMNS.map(([name]) => name)];
  const lines = [header.join(",")];
  for (const r of runs) {
    const cells: unknown[] = [r.id, r.title, r.outcome, r.createdAt, r.culprit];
    for (const [, get] of COLUMNS) cells.push(r.trajectory ? get(r.trajectory) : null);
    lines.push(cells.map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
