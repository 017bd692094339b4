/**
 * The canonical trace model, `culprit.trace/v1`.
 *
 * Every importer (OTLP, Who&When, Langfuse, LangSmith, ...) produces this shape, and everything
 * downstream (database, engine, UI) consumes only this shape. It is defined once, here, in zod;
 * the JSON Schema served at /schema/trace-v1.json is generated from it.
 *
 * Design rules:
 * - Steps are listed in global order (the array order is the order). Ids are unique per trace.
 * - Nothing a source file says is thrown away: whatever has no field of its own goes to `attributes`.
 * - Edges are optional: importers infer them, but a native trace may state them itself.
 */
import { z } from "zod";

export const TRACE_SCHEMA_VERSION = "culprit.trace/v1" as const;

/** Free-form key/value bag for source attributes that have no field of their own. */
export const ZAttributes = z.record(z.string(), z.unknown());

export const ZOutcome = z.enum(["success", "failure", "unknown"]);
export type TOutcome = z.infer<typeof ZOutcome>;

/** The four channels a failure travels through. */
export const ZEdgeKind = z.enum(["message", "state", "aggregation", "delegation"]);
export type TEdgeKind = z.infer<typeof ZEdgeKind>;

export const ZStepKind = z.enum([
  "llm", // a model turn producing text
  "message", // a chat message from an agent (chat logs)
  "thought", // internal reasoning not addressed to anyone
  "tool_call", // an agent invoking a tool (arguments, and result when known)
  "tool_result", // a tool's output arriving as its own step
  "state_read", // reading a shared memory/state key
  "state_write", // writing a shared memory/state key
  "delegate", // handing a subtask to another agent
  "aggregate", // combining outputs of several agents (vote, merge, summary)
  "agent", // an agent invocation that wraps other steps (e.g. an OTLP agent span)
  "final", // the run's final answer
  "other",
]);
export type TStepKind = z.infer<typeof ZStepKind>;

export const ZStepStatus = z.enum(["ok", "error", "unset"]);

const ZTimestamp = z.iso.datetime({ offset: true });
/** Postgres `integer`: counts beyond this are certainly a broken exporter, not a real run. */
const ZCount = z.number().int().nonnegative().max(2_147_483_647);

export const ZTokens = z.object({
  input: ZCount.optional(),
  output: ZCount.optional(),
  total: ZCount.optional(),
});
export type TTokens = z.infer<typeof ZTokens>;

export const ZTool = z.object({
  name: z.string().min(1),
  arguments: z.unknown().optional(),
  result: z.string().optional(),
});

export const ZStateAccess = z.object({
  op: z.enum(["read", "write"]),
  key: z.string().min(1),
  value: z.string().optional(),
});

export const ZStepError = z.object({
  type: z.string().optional(),
  message: z.string(),
});

export const ZStep = z.object({
  /** Unique within the trace. */
  id: z.string().min(1).max(256),
  /** The step's id in the source file: an OTLP span id (lowercase hex), a Who&When history index, ... */
  sourceRef: z.string().max(256).optional(),
  /** Agent name; must be listed in `agents`. */
  agent: z.string().min(1).max(256),
  kind: ZStepKind,
  /** Short label (span name, tool name, message role). */
  name: z.string().max(1000).optional(),
  /** What the step saw, when the source records it (prompt, input.value). */
  input: z.string().optional(),
  /** What the step said or produced. */
  content: z.string().default(""),
  tool: ZTool.optional(),
  state: ZStateAccess.optional(),
  /** For `delegate` steps and handoffs: the agent receiving authority. */
  target: z.string().max(256).optional(),
  status: ZStepStatus.default("unset"),
  error: ZStepError.optional(),
  tokens: ZTokens.optional(),
  costUsd: z.number().nonnegative().optional(),
  startTime: ZTimestamp.optional(),
  endTime: ZTimestamp.optional(),
  /** Structural parent (span parent), by step id. */
  parentId: z.string().max(256).optional(),
  attributes: ZAttributes.optional(),
});
export type TStep = z.infer<typeof ZStep>;
export type TStepInput = z.input<typeof ZStep>;

export const ZEdge = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
  kind: ZEdgeKind,
  /** State key for `state` edges. */
  key: z.string().optional(),
  /** Why the importer believes this edge exists, in words. */
  evidence: z.string().default(""),
  confidence: z.number().min(0).max(1).default(1),
});
export type TEdge = z.infer<typeof ZEdge>;

/**
 * What a participant is. `task_giver` marks whoever poses the task and receives the answer (a
 * human user, or the harness that runs the team); it takes part in the chat but is never a culprit.
 * Absent means `agent`.
 */
export const ZAgentKind = z.enum(["agent", "task_giver"]);
export type TAgentKind = z.infer<typeof ZAgentKind>;

export const ZAgent = z.object({
  name: z.string().min(1).max(256),
  role: z.string().max(1000).optional(),
  description: z.string().optional(),
  kind: ZAgentKind.optional(),
  attributes: ZAttributes.optional(),
});
export type TAgent = z.infer<typeof ZAgent>;

/** A person's (or a dataset's) statement of who really caused the failure. */
export const ZLabel = z.object({
  agent: z.string().optional(),
  stepId: z.string().optional(),
  note: z.string().optional(),
  author: z.string().default("imported"),
});
export type TLabel = z.infer<typeof ZLabel>;

export const ZSourceFormat = z.enum([
  "culprit",
  "otlp",
  "who-and-when",
  "ag2",
  "autogen",
  "langfuse",
  "langsmith",
  "chat",
  "otel-sdk",
  "openai-agents",
  "agentops",
  "atif",
  "chatdev",
]);
export type TSourceFormat = z.infer<typeof ZSourceFormat>;

export const ZRunInfo = z.object({
  title: z.string().max(1000).optional(),
  system: z.string().max(256).optional(),
  task: z.string().optional(),
  outcome: ZOutcome.default("unknown"),
  groundTruth: z.string().optional(),
  finalAnswer: z.string().optional(),
  startedAt: ZTimestamp.optional(),
  endedAt: ZTimestamp.optional(),
  costUsd: z.number().nonnegative().optional(),
  sourceFormat: ZSourceFormat.default("culprit"),
  attributes: ZAttributes.optional(),
});

const ZTraceObject = z.object({
  schema: z.literal(TRACE_SCHEMA_VERSION),
  run: ZRunInfo,
  agents: z.array(ZAgent),
  steps: z.array(ZStep),
  edges: z.array(ZEdge).default([]),
  labels: z.array(ZLabel).default([]),
  /** Problems the importer worked around (kept with the run, shown to the user). */
  warnings: z.array(z.string()).default([]),
});
export const ZTrace = ZTraceObject.superRefine(checkReferences);
export type TTrace = z.infer<typeof ZTrace>;
export type TTraceInput = z.input<typeof ZTrace>;

/** Cross-reference checks zod cannot express per field: unique ids, known agents, existing edge ends. */
function checkReferences(trace: z.infer<typeof ZTraceObject>, ctx: z.RefinementCtx) {
  for (const issue of referenceIssues(trace))
    ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
}

interface ReferenceIssue {
  path: (string | number)[];
  message: string;
}

/**
 * The cross-reference issues of a trace-like value. Tolerates a value that failed the shape checks
 * (fields of the wrong type are skipped), so a user sees all problems at once, not one layer a time.
 */
export function referenceIssues(value: unknown): ReferenceIssue[] {
  const issues: ReferenceIssue[] = [];
  const obj = (value ?? {}) as Record<string, unknown>;
  const list = (key: string) =>
    (Array.isArray(obj[key]) ? (obj[key] as unknown[]) : []).map((v) =>
      v && typeof v === "object" ? (v as Record<string, unknown>) : {},
    );
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const agentNames = new Set<string>();
  list("agents").forEach((agent, i) => {
    const name = str(agent.name);
    if (name === undefined) return;
    if (agentNames.has(name)) issues.push({ path: ["agents", i, "name"], message: `duplicate agent name "${name}"` });
    agentNames.add(name);
  });
  const steps = list("steps");
  const stepIds = new Set<string>();
  steps.forEach((step, i) => {
    const id = str(step.id);
    if (id !== undefined) {
      if (stepIds.has(id)) issues.push({ path: ["steps", i, "id"], message: `duplicate step id "${id}"` });
      stepIds.add(id);
    }
    const agent = str(step.agent);
    if (agent !== undefined && !agentNames.has(agent))
      issues.push({ path: ["steps", i, "agent"], message: `unknown agent "${agent}" (not in agents)` });
  });
  steps.forEach((step, i) => {
    const parent = str(step.parentId);
    if (parent !== undefined && !stepIds.has(parent))
      issues.push({ path: ["steps", i, "parentId"], message: `unknown parent step "${parent}"` });
  });
  list("edges").forEach((edge, i) => {
    for (const end of ["from", "to"] as const) {
      const id = str(edge[end]);
      if (id !== undefined && !stepIds.has(id))
        issues.push({ path: ["edges", i, end], message: `unknown step "${id}"` });
    }
  });
  return issues;
}
