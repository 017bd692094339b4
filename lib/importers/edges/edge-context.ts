import type { TEdge, TStepInput } from "../../trace/schema";
import { IdIndex } from "../id-index";

/** What every edge rule sees: the steps in global order plus lookups built once. */
export interface EdgeContext {
  steps: readonly TStepInput[];
  /** Step id → index in `steps` (the global order), -1 for unknown ids. */
  indexOf: IdIndex;
  /** Index of each step's structural parent (`parentId`), or -1 when it has none or it is unknown. */
  parentOf: Int32Array;
  /** True when no step has a structural parent: a flat chat log rather than a span tree. */
  isChatLog: boolean;
}

export function makeEdgeContext(steps: readonly TStepInput[]): EdgeContext {
  const indexOf = new IdIndex(steps.length);
  let isChatLog = true;
  for (let i = 0; i < steps.length; i++) {
    indexOf.add(steps[i].id, i); // a repeated id keeps its first index
    if (steps[i].parentId !== undefined) isChatLog = false;
  }
  const parentOf = new Int32Array(steps.length).fill(-1);
  if (!isChatLog) {
    for (let i = 0; i < steps.length; i++) {
      const parentId = steps[i].parentId;
      if (parentId !== undefined) parentOf[i] = indexOf.get(parentId);
    }
  }
  return { steps, indexOf, parentOf, isChatLog };
}

/** An edge with its keys in schema order (see `canonical-order.ts`), so validation need not copy it. */
export function edge(
  from: TStepInput,
  to: TStepInput,
  kind: TEdge["kind"],
  evidence: string,
  confidence: number,
  key?: string,
): TEdge {
  const c = Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;
  return key === undefined
    ? { from: from.id, to: to.id, kind, evidence, confidence: c }
    : { from: from.id, to: to.id, kind, key, evidence, confidence: c };
}

/** Short quoted label of a step for evidence sentences. */
export function describeStep(step: TStepInput): string {
  return `${step.agent}'s ${step.kind} step ${step.sourceRef ?? step.id}`;
}
