import type { TStepInput } from "../../trace/schema";

/**
 * Attribute names an importer may set when a step touches several state keys (e.g. a LangGraph
 * node writing three channels); `step.state` holds one access, these hold the rest.
 */
export const STATE_READS_ATTR = "culprit.state.reads";
export const STATE_WRITES_ATTR = "culprit.state.writes";

const NO_ACCESS: { reads: readonly string[]; writes: readonly string[] } = Object.freeze({
  reads: Object.freeze([]),
  writes: Object.freeze([]),
});

/** Keys a step reads and writes: `step.state` first, then the multi-key attributes. */
export function stateAccesses(step: TStepInput): { reads: readonly string[]; writes: readonly string[] } {
  const readAttr = step.attributes?.[STATE_READS_ATTR];
  const writeAttr = step.attributes?.[STATE_WRITES_ATTR];
  if (!step.state && readAttr === undefined && writeAttr === undefined) return NO_ACCESS; // most steps: no allocation
  const reads: string[] = [];
  const writes: string[] = [];
  if (step.state) (step.state.op === "read" ? reads : writes).push(step.state.key);
  addKeys(readAttr, reads);
  addKeys(writeAttr, writes);
  return { reads, writes };
}

function addKeys(keys: unknown, into: string[]): void {
  if (Array.isArray(keys)) for (const k of keys) if (typeof k === "string" && k && !into.includes(k)) into.push(k);
}
