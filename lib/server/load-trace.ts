import "server-only";
import { TRACE_SCHEMA_VERSION, type TTrace } from "@/lib/trace/schema";
import { withCurrentMarks } from "@/lib/importers/current-marks";
import { db } from "./db";
import { agentFromRow, edgeFromRow, nonEmpty, stepFromRow } from "./trace-from-rows";

/**
 * Rebuilds the canonical trace of a stored run (the inverse of trace-rows.ts), so the engine sees
 * exactly what an upload of the same file would give it: marks that today's importers set and an
 * older import lacks are added (`withCurrentMarks`). Returns undefined for an unknown run.
 */
export async function loadTrace(runId: string): Promise<TTrace | undefined> {
  const prisma = db();
  const run = await prisma.run.findUnique({ where: { id: runId } });
  if (!run) return undefined;
  const [agents, steps, edges, labels] = await Promise.all([
    prisma.agent.findMany({ where: { runId }, orderBy: { idx: "asc" } }),
    prisma.step.findMany({ where: { runId }, orderBy: { idx: "asc" } }),
    prisma.edge.findMany({ where: { runId }, orderBy: { idx: "asc" } }),
    prisma.humanLabel.findMany({ where: { runId, imported: true }, orderBy: { createdAt: "asc" } }),
  ]);
  const stepIds = steps.map((s) => s.stepId);
  return withCurrentMarks({
    schema: TRACE_SCHEMA_VERSION,
    run: compact({
      title: run.title,
      system: run.system ?? undefined,
      task: run.task ?? undefined,
      outcome: run.outcome,
      groundTruth: run.groundTruth ?? undefined,
      finalAnswer: run.finalAnswer ?? undefined,
      startedAt: run.startedAt?.toISOString(),
      endedAt: run.endedAt?.toISOString(),
      costUsd: run.costUsd ?? undefined,
      sourceFormat: run.sourceFormat as TTrace["run"]["sourceFormat"],
      attributes: nonEmpty(run.attributes),
    }),
    agents: agents.map(agentFromRow),
    steps: steps.map((s) => stepFromRow(s, s.parentIdx === null ? undefined : stepIds[s.parentIdx])),
    edges: edges.map((e) => edgeFromRow(e, stepIds)),
    labels: labels.map((l) =>
      compact({
        agent: l.agent ?? undefined,
        stepId: l.stepId ?? undefined,
        note: l.note ?? undefined,
        author: l.author,
      }),
    ),
    warnings: Array.isArray(run.warnings) ? (run.warnings as string[]) : [],
  });
}

/** Drops undefined fields so a reloaded trace serializes exactly like the original. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
