import "server-only";
import type { Run } from "@/lib/generated/prisma/client";
import type { AnalysisStatus, ViewAnalysis, ViewRun, ViewStep } from "@/lib/view/types";
import type { TAgent } from "@/lib/trace/schema";
import { pickRunFields, RUN_DETAIL_FIELDS, type RunDetailField } from "@/lib/view/run-row";
import { agentFromRow, type AgentRow } from "../trace-from-rows";

/** Rows as the run page shows them: the run, an analysis's progress, agents, clipped step texts. */

/**
 * The columns a ViewAnalysis shows. Named, never "all but the report": an analysis row also holds
 * copied-out summaries (signature fields, agent figures) that reach hundreds of kB on large runs,
 * and reading them on every page request or progress poll is a cost each poll pays.
 */
export const VIEW_ANALYSIS_COLUMNS = {
  id: true,
  status: true,
  progress: true,
  error: true,
  createdAt: true,
  finishedAt: true,
} as const;

export function toViewRun(run: Pick<Run, RunDetailField | "warnings">): ViewRun {
  return {
    ...pickRunFields(run, RUN_DETAIL_FIELDS),
    warnings: Array.isArray(run.warnings) ? (run.warnings as string[]) : [],
  };
}

export function toViewAnalysis(row: {
  id: string;
  status: string;
  progress: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}): ViewAnalysis {
  return {
    id: row.id,
    status: row.status as AnalysisStatus,
    progress: row.progress,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** An agent as the page lists it: name, and role and description when it has them. */
export function pageAgent(row: AgentRow): TAgent {
  const { name, role, description } = agentFromRow(row);
  return { name, ...(role ? { role } : {}), ...(description ? { description } : {}) };
}

/** Text fields longer than this are clipped before they go to the browser (the exports keep everything). */
export function clipLimit(stepCount: number): number {
  return stepCount > 2000 ? 4_000 : 100_000;
}

export function clipStep(step: ViewStep, limit: number): ViewStep {
  const clipped: string[] = [];
  const clip = (field: string, text: string | undefined) => {
    if (text === undefined || text.length <= limit) return text;
    clipped.push(field);
    const more = (text.length - limit).toLocaleString("en-US");
    return `${text.slice(0, limit)}\n… (${more} more characters; download the report for the full text)`;
  };
  const out: ViewStep = { ...step, content: clip("content", step.content) ?? "" };
  if (step.input !== undefined) out.input = clip("input", step.input);
  if (step.tool?.result !== undefined) out.tool = { ...step.tool, result: clip("tool result", step.tool.result) };
  if (clipped.length) out.clipped = clipped;
  return out;
}
