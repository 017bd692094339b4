import type { TStepInput } from "../trace/schema";

/**
 * Key order of the canonical trace objects, as the zod schema declares them (zod's output, hence
 * `JSON.stringify` and the content hash, follows this order). Importers build steps and edges in
 * this order so validation can hand back the very objects instead of copying them.
 * `validate-imported-trace.test.ts` checks these lists against `lib/trace/schema.ts`.
 */
export const STEP_KEYS = [
  "id",
  "sourceRef",
  "agent",
  "kind",
  "name",
  "input",
  "content",
  "tool",
  "state",
  "target",
  "status",
  "error",
  "tokens",
  "costUsd",
  "startTime",
  "endTime",
  "parentId",
  "attributes",
] as const;
export const TOOL_KEYS = ["name", "arguments", "result"] as const;
export const STATE_KEYS = ["op", "key", "value"] as const;
export const ERROR_KEYS = ["type", "message"] as const;
export const TOKENS_KEYS = ["input", "output", "total"] as const;
export const EDGE_KEYS = ["from", "to", "kind", "key", "evidence", "confidence"] as const;
export const AGENT_KEYS = ["name", "role", "description", "kind", "attributes"] as const;

/**
 * True when `obj`'s own keys appear in the order of `keys` (a subsequence of it) and none holds
 * `undefined`: then the object already is what a schema-ordered copy would be.
 */
export function inCanonicalOrder(obj: object, keys: readonly string[]): boolean {
  let j = 0;
  for (const key in obj) {
    if ((obj as Record<string, unknown>)[key] === undefined) return false;
    while (j < keys.length && keys[j] !== key) j++;
    if (j === keys.length) return false;
    j++;
  }
  return true;
}

/** A copy of `step` with its keys in schema order and without `undefined` values. */
export function canonicalStep(step: TStepInput): TStepInput {
  const out = { id: step.id } as TStepInput;
  if (step.sourceRef !== undefined) out.sourceRef = step.sourceRef;
  out.agent = step.agent;
  out.kind = step.kind;
  if (step.name !== undefined) out.name = step.name;
  if (step.input !== undefined) out.input = step.input;
  if (step.content !== undefined) out.content = step.content;
  if (step.tool !== undefined) out.tool = step.tool;
  if (step.state !== undefined) out.state = step.state;
  if (step.target !== undefined) out.target = step.target;
  if (step.status !== undefined) out.status = step.status;
  if (step.error !== undefined) out.error = step.error;
  if (step.tokens !== undefined) out.tokens = step.tokens;
  if (step.costUsd !== undefined) out.costUsd = step.costUsd;
  if (step.startTime !== undefined) out.startTime = step.startTime;
  if (step.endTime !== undefined) out.endTime = step.endTime;
  if (step.parentId !== undefined) out.parentId = step.parentId;
  if (step.attributes !== undefined) out.attributes = step.attributes;
  return out;
}
