import "server-only";
import type { HumanLabel } from "@/lib/generated/prisma/client";
import type { RunViewData, ViewLabel } from "@/lib/view/types";
import { toViewEdges } from "@/lib/view/view-edges";
import { readStoredReport } from "../read-report";
import { loadTrace } from "../load-trace";
import { db } from "../db";
import { isRunId } from "../ids";
import { clipLimit, clipStep, toViewAnalysis, toViewRun, VIEW_ANALYSIS_COLUMNS } from "./view-rows";

/**
 * The full view of a run, for the compare page and the exports: the whole trace, the newest
 * analysis (any status, for progress) and the newest finished report, and the labels. Undefined
 * for an unknown run. The run page itself ships summaries instead (`body.ts`).
 */
export async function getRunView({ runId }: { runId: string }): Promise<RunViewData | undefined> {
  if (!isRunId(runId)) return undefined;
  const prisma = db();
  const [run, trace, latest, done, labels] = await Promise.all([
    prisma.run.findUnique({ where: { id: runId } }),
    loadTrace(runId),
    prisma.analysis.findFirst({ where: { runId }, orderBy: { createdAt: "desc" }, select: VIEW_ANALYSIS_COLUMNS }),
    prisma.analysis.findFirst({
      where: { runId, status: "done" },
      orderBy: { createdAt: "desc" },
      select: { result: true },
    }),
    prisma.humanLabel.findMany({ where: { runId }, orderBy: { createdAt: "asc" } }),
  ]);
  if (!run || !trace) return undefined;
  const limit = clipLimit(trace.steps.length);
  return {
    run: toViewRun(run),
    agents: trace.agents,
    steps: trace.steps.map((s) => clipStep(s, limit)),
    edges: toViewEdges(trace.steps, trace.edges),
    analysis: latest ? toViewAnalysis(latest) : null,
    report: readStoredReport(done?.result)?.report ?? null,
    labels: labels.map(toViewLabel),
  };
}

function toViewLabel(
  l: Pick<HumanLabel, "id" | "agent" | "stepId" | "note" | "author" | "imported" | "createdAt">,
): ViewLabel {
  return {
    id: l.id,
    agent: l.agent,
    stepId: l.stepId,
    note: l.note,
    author: l.author,
    imported: l.imported,
    createdAt: l.createdAt.toISOString(),
  };
}
