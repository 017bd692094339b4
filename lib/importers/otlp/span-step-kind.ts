import type { TStepKind } from "../../trace/schema";
import type { DecodedSpan } from "./decoded-span";

const GEN_AI_OPERATIONS: Record<string, TStepKind> = {
  chat: "llm",
  generate_content: "llm",
  text_completion: "llm",
  embeddings: "other",
  retrieval: "tool_call",
  create_agent: "other",
  invoke_agent: "agent",
  invoke_workflow: "agent",
  plan: "thought",
  execute_tool: "tool_call",
  search_memory: "state_read",
  create_memory: "state_write",
  update_memory: "state_write",
  upsert_memory: "state_write",
  delete_memory: "state_write",
  create_memory_store: "other",
  delete_memory_store: "other",
};

const OPENINFERENCE_KINDS: Record<string, TStepKind> = {
  LLM: "llm",
  TOOL: "tool_call",
  RETRIEVER: "tool_call",
  AGENT: "agent",
  CHAIN: "other",
  EMBEDDING: "other",
  RERANKER: "other",
  GUARDRAIL: "other",
  EVALUATOR: "other",
  PROMPT: "other",
};

const TRACELOOP_KINDS: Record<string, TStepKind> = {
  workflow: "agent",
  agent: "agent",
  tool: "tool_call",
  task: "other",
};

/** Step kind from `gen_ai.operation.name`, then `openinference.span.kind`, then `traceloop.span.kind`, then model attributes. */
export function spanStepKind(span: DecodedSpan): TStepKind {
  const kind = declaredKind(span.attributes);
  return kind === "other" && isToolMessage(span.attributes["output.value"]) ? "tool_call" : kind;
}

function declaredKind(a: Record<string, unknown>): TStepKind {
  const op = a["gen_ai.operation.name"];
  if (typeof op === "string" && GEN_AI_OPERATIONS[op]) return GEN_AI_OPERATIONS[op];
  const oi = a["openinference.span.kind"];
  if (typeof oi === "string" && OPENINFERENCE_KINDS[oi.toUpperCase()]) return OPENINFERENCE_KINDS[oi.toUpperCase()];
  const tl = a["traceloop.span.kind"];
  if (typeof tl === "string" && TRACELOOP_KINDS[tl]) return TRACELOOP_KINDS[tl];
  if (
    a["llm.request.type"] !== undefined ||
    a["gen_ai.request.model"] !== undefined ||
    a["llm.model_name"] !== undefined
  )
    return "llm";
  if (a["gen_ai.tool.name"] !== undefined || a["tool.name"] !== undefined) return "tool_call";
  return "other";
}

/** Tool messages longer than this are not parsed to find their kind (bounded work per span). */
const MAX_TOOL_MESSAGE = 100_000;

/**
 * A plain span whose output is one LangChain tool message (`{"type": "tool", "tool_call_id": …}`, or
 * the JS serialisation `{"id": [..., "ToolMessage"], "kwargs": {"tool_call_id": …}}`) is a tool's run:
 * LangChain's callbacks record tools as plain spans (Langfuse `SPAN`, LangSmith runs), and what it
 * returned is the tool's result, not a statement. A list of messages (a state write) is no tool run.
 */
function isToolMessage(v: unknown): boolean {
  if (typeof v !== "string" || v.length > MAX_TOOL_MESSAGE || !v.includes("tool_call_id")) return false;
  const t = v.trimStart();
  if (!t.startsWith("{")) return false;
  let m: unknown;
  try {
    m = JSON.parse(t);
  } catch {
    return false;
  }
  if (typeof m !== "object" || m === null || Array.isArray(m)) return false;
  const r = m as Record<string, unknown>;
  if (r.type === "tool" && typeof r.tool_call_id === "string") return true;
  const kw = r.kwargs;
  return (
    Array.isArray(r.id) &&
    r.id[r.id.length - 1] === "ToolMessage" &&
    typeof kw === "object" &&
    kw !== null &&
    typeof (kw as Record<string, unknown>).tool_call_id === "string"
  );
}
