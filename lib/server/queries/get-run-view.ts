import "server-only";
import type { AnalysisReport } from "@/lib/attribution/types";
import { loadTrace } from "../load-trace";
import { db } from "../db";
import { toViewEdges } from "@/lib/view/view-edges";
import type { AnalysisStatus, RunViewData, ViewAnalysis, ViewStep } from "@/lib/view/types";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text fields longer than this are clipped before they go to the browser (the exports keep everything). */
function clipLimit(stepCount: number): number {
  return stepCount > 2000 ? 4_000 : 100_000;
}

/** True for strings that can be a run id; anything else is a 404 without touching the database. */
export function isRunId(value: string): boolean {
  return UUID_RE.test(value);
}

/**
 * Everything the run page renders, in one plain object: the trace, the newest analysis (any
 * status, for progress) and the newest finished report, and the labels. Undefined for an unknown run.
 */
export async function getRunView({ runId }: { runId: string }): Promise<RunViewData | undefined> {
  if (!isRunId(runId)) return undefined;
  const prisma = db();
  const [run, trace, latest, done, labels] = await Promise.all([
    prisma.run.findUnique({ where: { id: runId } }),
    loadTrace(runId),
    prisma.analysis.findFirst({ where: { runId }, orderBy: { createdAt: "desc" }, omit: { result: true } }),
    prisma.analysis.findFirst({ where: { runId, status: "done" }, orderBy: { createdAt: "desc" }, select: { result: true } }),
    prisma.humanLabel.findMany({ where: { runId }, orderBy: { createdAt: "asc" } }),
  ]);
  if (!run || !trace) return undefined;
  const limit = clipLimit(trace.steps.length);
  return {
    run: {
      id: run.id,
      title: run.title,
      system: run.system,
      task: run.task,
      outcome: run.outcome,
      sourceFormat: run.sourceFormat,
      groundTruth: run.groundTruth,
      finalAnswer: run.finalAnswer,
      stepCount: run.stepCount,
      agentCount: run.agentCount,
      edgeCount: run.edgeCount,
      totalTokens: run.totalTokens,
      createdAt: run.createdAt.toISOString(),
      warnings: Array.isArray(run.warnings) ? (run.warnings as string[]) : [],
    },
    agents: trace.agents,
    steps: trace.steps.map((s) => clipStep(s, limit)),
    edges: toViewEdges(trace.steps, trace.edges),
    analysis: latest ? toViewAnalysis(latest) : null,
    report: (done?.result as AnalysisReport | null | undefined) ?? null,
    labels: labels.map((l) => ({
      id: l.id,
      agent: l.agent,
      stepId: l.stepId,
      note: l.note,
      author: l.author,
      imported: l.imported,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}

/** The newest analysis of a run, for progress polling. */
export async function getLatestAnalysis({ runId }: { runId: string }): Promise<ViewAnalysis | null> {
  if (!isRunId(runId)) return null;
  const row = await db().analysis.findFirst({ where: { runId }, orderBy: { createdAt: "desc" }, omit: { result: true } });
  return row ? toViewAnalysis(row) : null;
}

function toViewAnalysis(row: { id: string; status: string; progress: number; error: string | null; createdAt: Date; finishedAt: Date | null }): ViewAnalysis {
  return {
    id: row.id,
    status: row.status as AnalysisStatus,
    progress: row.progress,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function clipStep(step: ViewStep, limit: number): ViewStep {
  const clipped: string[] = [];
  const clip = (field: string, text: string | undefined) => {
    if (text === undefined || text.length <= limit) return text;
    clipped.push(field);
    return `${text.slice(0, limit)}\n… (${(text.length - limit).toLocaleString("en-US")} more characters; download the report for the full text)`;
  };
  const out: ViewStep = { ...step, content: clip("content", step.content) ?? "" };
  if (step.input !== undefined) out.input = clip("input", step.input);
  if (step.tool?.result !== undefined) out.tool = { ...step.tool, result: clip("tool result", step.tool.result) };
  if (clipped.length) out.clipped = clipped;
  return out;
}

export interface ShareLinkRow {
  token: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Share links of a run, newest first (revoked ones too, so the owner sees what was revoked). */
export async function listShareLinks({ runId }: { runId: string }): Promise<ShareLinkRow[]> {
  if (!isRunId(runId)) return [];
  const rows = await db().shareLink.findMany({ where: { runId }, orderBy: { createdAt: "desc" } });
  return rows.map((r) => ({ token: r.token, createdAt: r.createdAt.toISOString(), revokedAt: r.revokedAt?.toISOString() ?? null }));
}

const TOKEN_RE = /^[A-Za-z0-9_-]{22,64}$/;

/** The run behind a live share link (and the view state it was created with); undefined when unknown or revoked. */
export async function resolveShareToken({ token }: { token: string }): Promise<{ runId: string; viewState: string | null } | undefined> {
  if (!TOKEN_RE.test(token)) return undefined;
  const link = await db().shareLink.findUnique({ where: { token } });
  if (!link || link.revokedAt) return undefined;
  return { runId: link.runId, viewState: typeof link.viewState === "string" ? link.viewState : null };
}
