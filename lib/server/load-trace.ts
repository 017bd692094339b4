import "server-only";
import { TRACE_SCHEMA_VERSION, type TAgent, type TTrace, type TStep } from "@/lib/trace/schema";
import { withCurrentMarks } from "@/lib/importers/current-marks";
import { db } from "./db";

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
    agents: agents.map((a) =>
      compact({
        name: a.name,
        role: a.role ?? undefined,
        description: a.description ?? undefined,
        kind: (a.kind ?? undefined) as TAgent["kind"],
        attributes: nonEmpty(a.attributes),
      }),
    ),
    steps: steps.map(
      (s): TStep =>
        compact({
          id: s.stepId,
          sourceRef: s.sourceRef ?? undefined,
          agent: s.agent,
          kind: s.kind as TStep["kind"],
          name: s.name ?? undefined,
          input: s.input ?? undefined,
          content: s.content,
          tool: s.toolName ? compact({ name: s.toolName, arguments: s.toolArguments ?? undefined, result: s.toolResult ?? undefined }) : undefined,
          state: s.stateOp && s.stateKey ? compact({ op: s.stateOp as "read" | "write", key: s.stateKey, value: s.stateValue ?? undefined }) : undefined,
          target: s.target ?? undefined,
          status: s.status as TStep["status"],
          error: s.errorMessage !== null ? compact({ type: s.errorType ?? undefined, message: s.errorMessage }) : undefined,
          tokens:
            (s.inputTokens ?? s.outputTokens ?? s.totalTokens) !== null
              ? compact({ input: s.inputTokens ?? undefined, output: s.outputTokens ?? undefined, total: s.totalTokens ?? undefined })
              : undefined,
          costUsd: s.costUsd ?? undefined,
          startTime: s.startTime?.toISOString(),
          endTime: s.endTime?.toISOString(),
          parentId: s.parentIdx === null ? undefined : stepIds[s.parentIdx],
          attributes: nonEmpty(s.attributes),
        }),
    ),
    edges: edges.map((e) =>
      compact({ from: stepIds[e.fromIdx], to: stepIds[e.toIdx], kind: e.kind, key: e.key ?? undefined, evidence: e.evidence, confidence: e.confidence }),
    ),
    labels: labels.map((l) => compact({ agent: l.agent ?? undefined, stepId: l.stepId ?? undefined, note: l.note ?? undefined, author: l.author })),
    warnings: Array.isArray(run.warnings) ? (run.warnings as string[]) : [],
  });
}

function nonEmpty(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && Object.keys(value).length > 0 ? (value as Record<string, unknown>) : undefined;
}

/** Drops undefined fields so a reloaded trace serializes exactly like the original. */
function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}
