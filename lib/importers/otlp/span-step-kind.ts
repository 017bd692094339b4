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
  const a = span.attributes;
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
