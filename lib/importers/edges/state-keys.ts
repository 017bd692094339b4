import type { TStepInput } from "../../trace/schema";

/**
 * Attribute names an importer may set when a step touches several state keys (e.g. a LangGraph
 * node writing three channels); `step.state` holds one access, these hold the rest.
 */
export const STATE_READS_ATTR = "culprit.state.reads";
export const STATE_WRITES_ATTR = "culprit.state.writes";

/** Keys a step reads and writes: `step.state` first, then the multi-key attributes. */
export function stateAccesses(step: TStepInput): { reads: string[]; writes: string[] } {
  const reads: string[] = [];
  const writes: string[] = [];
  if (step.state) (step.state.op === "read" ? reads : writes).push(step.state.key);
  for (const [attr, into] of [[STATE_READS_ATTR, reads], [STATE_WRITES_ATTR, writes]] as const) {
    const keys = step.attributes?.[attr];
    if (Array.isArray(keys)) for (const k of keys) if (typeof k === "string" && k && !into.includes(k)) into.push(k);
  }
  return { reads, writes };
}
