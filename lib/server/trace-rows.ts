import "server-only";
import type { TTrace } from "@/lib/trace/schema";
import { jsonText, type CopyValue } from "./json-text";

/** Flattening of the canonical trace into table rows; the inverse is load-trace.ts. */

export function runRow(
  runId: string,
  hash: string,
  trace: TTrace,
  isDemo: boolean,
  uploadedByUserId: string | null = null,
) {
  let input = 0;
  let output = 0;
  let total = 0;
  for (const step of trace.steps) {
    const t = step.tokens;
    if (!t) continue;
    input += t.input ?? 0;
    output += t.output ?? 0;
    total += t.total ?? (t.input ?? 0) + (t.output ?? 0);
  }
  const info = trace.run;
  const row: Record<string, CopyValue> = {
    id: runId,
    sourceFormat: info.sourceFormat,
    contentHash: hash,
    title: info.title ?? info.task?.slice(0, 120) ?? "Untitled run",
    system: info.system ?? null,
    task: info.task ?? null,
    outcome: info.outcome,
    groundTruth: info.groundTruth ?? null,
    finalAnswer: info.finalAnswer ?? null,
    startedAt: info.startedAt ?? null,
    endedAt: info.endedAt ?? null,
    inputTokens: clampInt(input),
    outputTokens: clampInt(output),
    totalTokens: clampInt(total),
    costUsd: info.costUsd ?? null,
    agentCount: trace.agents.length,
    stepCount: trace.steps.length,
    edgeCount: trace.edges.length,
    warnings: jsonText(trace.warnings),
    attributes: jsonText(info.attributes ?? {}),
    isDemo,
    uploadedByUserId,
  };
  return { columns: Object.keys(row), values: Object.values(row) };
}

export const AGENT_COLUMNS = ["runId", "idx", "name", "role", "description", "kind", "attributes"];

export function* agentRows(runId: string, trace: TTrace): Iterable<CopyValue[]> {
  let idx = 0;
  for (const a of trace.agents) yield [runId, idx++, a.name, a.role, a.description, a.kind, a.attributes ?? {}];
}

export const STEP_COLUMNS = [
  "runId",
  "idx",
  "stepId",
  "sourceRef",
  "agent",
  "kind",
  "name",
  "input",
  "content",
  "toolName",
  "toolArguments",
  "toolResult",
  "stateOp",
  "stateKey",
  "stateValue",
  "target",
  "status",
  "errorType",
  "errorMessage",
  "inputTokens",
  "outputTokens",
  "totalTokens",
  "costUsd",
  "startTime",
  "endTime",
  "parentIdx",
  "attributes",
];

export function* stepRows(runId: string, trace: TTrace, stepIndex: Map<string, number>): Iterable<CopyValue[]> {
  let idx = 0;
  for (const s of trace.steps) {
    yield [
      runId,
      idx++,
      s.id,
      s.sourceRef,
      s.agent,
      s.kind,
      s.name,
      s.input,
      s.content,
      s.tool?.name,
      s.tool?.arguments === undefined ? null : jsonText(s.tool.arguments),
      s.tool?.result,
      s.state?.op,
      s.state?.key,
      s.state?.value,
      s.target,
      s.status,
      s.error?.type,
      s.error?.message,
      s.tokens?.input,
      s.tokens?.output,
      s.tokens?.total,
      s.costUsd,
      s.startTime,
      s.endTime,
      s.parentId === undefined ? null : stepIndex.get(s.parentId),
      s.attributes ?? {},
    ];
  }
}

export const EDGE_COLUMNS = ["runId", "idx", "fromIdx", "toIdx", "kind", "key", "evidence", "confidence"];

export function* edgeRows(runId: string, trace: TTrace, stepIndex: Map<string, number>): Iterable<CopyValue[]> {
  let idx = 0;
  for (const e of trace.edges)
    yield [runId, idx++, stepIndex.get(e.from), stepIndex.get(e.to), e.kind, e.key, e.evidence, e.confidence];
}

/** Imported labels as the values of their rows. */
export function labelValues(trace: TTrace) {
  return trace.labels.map((l) => ({
    agent: l.agent ?? null,
    stepId: l.stepId ?? null,
    note: l.note ?? null,
    author: l.author,
  }));
}

function clampInt(n: number): number {
  return Math.min(n, 2_147_483_647);
}
