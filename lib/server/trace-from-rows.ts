import "server-only";
import type { TAgent, TEdge, TStep } from "@/lib/trace/schema";
import type { Agent, Edge, Step } from "@/lib/generated/prisma/client";

/**
 * Table rows back into canonical trace objects: the inverse of trace-rows.ts, and the one mapping
 * every read of steps, edges and agents uses (the engine's `loadTrace`, the run page's summaries and
 * step detail). Keys come in the schema's order and absent values are left out, so a reloaded trace
 * serializes exactly like the original.
 */

/** The columns every step read selects; the others are optional (the run page's summaries skip them). */
type StepCore =
  | "stepId"
  | "agent"
  | "kind"
  | "name"
  | "content"
  | "toolName"
  | "toolResult"
  | "stateOp"
  | "stateKey"
  | "target"
  | "status";
type StepExtra = "errorType" | "errorMessage" | "inputTokens" | "outputTokens" | "totalTokens";
export type StepRow = Pick<Step, StepCore | StepExtra> & Partial<Omit<Step, StepCore | StepExtra>>;
export type EdgeRow = Pick<Edge, "fromIdx" | "toIdx" | "key" | "evidence" | "confidence"> & { kind: string };
export type AgentRow = Pick<Agent, "name" | "role" | "description"> & Partial<Pick<Agent, "kind" | "attributes">>;

export function stepFromRow(r: StepRow, parentId?: string): TStep {
  const step: Partial<TStep> & Pick<TStep, "id"> = { id: r.stepId };
  if (r.sourceRef !== undefined && r.sourceRef !== null) step.sourceRef = r.sourceRef;
  step.agent = r.agent;
  step.kind = r.kind as TStep["kind"];
  if (r.name !== null) step.name = r.name;
  if (r.input !== undefined && r.input !== null) step.input = r.input;
  step.content = r.content;
  if (r.toolName) {
    step.tool = { name: r.toolName };
    if (r.toolArguments !== undefined && r.toolArguments !== null) step.tool.arguments = r.toolArguments;
    if (r.toolResult !== null) step.tool.result = r.toolResult;
  }
  if (r.stateOp && r.stateKey) {
    step.state = { op: r.stateOp as "read" | "write", key: r.stateKey };
    if (r.stateValue !== undefined && r.stateValue !== null) step.state.value = r.stateValue;
  }
  if (r.target !== null) step.target = r.target;
  step.status = r.status as TStep["status"];
  if (r.errorMessage !== null)
    step.error = r.errorType !== null ? { type: r.errorType, message: r.errorMessage } : { message: r.errorMessage };
  const tokens = tokensOf(r);
  if (tokens) step.tokens = tokens;
  if (r.costUsd !== undefined && r.costUsd !== null) step.costUsd = r.costUsd;
  if (r.startTime) step.startTime = r.startTime.toISOString();
  if (r.endTime) step.endTime = r.endTime.toISOString();
  if (parentId !== undefined) step.parentId = parentId;
  const attributes = nonEmpty(r.attributes);
  if (attributes) step.attributes = attributes;
  return step as TStep;
}

/** An edge row; its ends are step indexes, `offset` the index of `stepIds[0]` (a window's first step). */
export function edgeFromRow(e: EdgeRow, stepIds: readonly string[], offset = 0): TEdge {
  const ends = { from: stepIds[e.fromIdx - offset], to: stepIds[e.toIdx - offset], kind: e.kind as TEdge["kind"] };
  return e.key !== null
    ? { ...ends, key: e.key, evidence: e.evidence, confidence: e.confidence }
    : { ...ends, evidence: e.evidence, confidence: e.confidence };
}

export function agentFromRow(a: AgentRow): TAgent {
  const agent: TAgent = { name: a.name };
  if (a.role !== null) agent.role = a.role;
  if (a.description !== null) agent.description = a.description;
  if (a.kind) agent.kind = a.kind as TAgent["kind"];
  const attributes = nonEmpty(a.attributes);
  if (attributes) agent.attributes = attributes;
  return agent;
}

function tokensOf(r: StepRow): TStep["tokens"] {
  if (r.inputTokens === null && r.outputTokens === null && r.totalTokens === null) return undefined;
  const tokens: NonNullable<TStep["tokens"]> = {};
  if (r.inputTokens !== null) tokens.input = r.inputTokens;
  if (r.outputTokens !== null) tokens.output = r.outputTokens;
  if (r.totalTokens !== null) tokens.total = r.totalTokens;
  return tokens;
}

export function nonEmpty(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && Object.keys(value).length > 0
    ? (value as Record<string, unknown>)
    : undefined;
}
