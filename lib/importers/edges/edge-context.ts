import type { TEdge, TStepInput } from "../../trace/schema";

/** What every edge rule sees: the steps in global order plus lookups built once. */
export interface EdgeContext {
  steps: readonly TStepInput[];
  /** Step id → index in `steps` (the global order). */
  indexOf: Map<string, number>;
  /** True when no step has a structural parent: a flat chat log rather than a span tree. */
  isChatLog: boolean;
}

export function makeEdgeContext(steps: readonly TStepInput[]): EdgeContext {
  const indexOf = new Map<string, number>();
  let isChatLog = true;
  steps.forEach((step, i) => {
    if (!indexOf.has(step.id)) indexOf.set(step.id, i);
    if (step.parentId !== undefined) isChatLog = false;
  });
  return { steps, indexOf, isChatLog };
}

export function edge(from: TStepInput, to: TStepInput, kind: TEdge["kind"], evidence: string, confidence: number, key?: string): TEdge {
  const e: TEdge = { from: from.id, to: to.id, kind, evidence, confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100 };
  if (key !== undefined) e.key = key;
  return e;
}

/** Short quoted label of a step for evidence sentences. */
export function describeStep(step: TStepInput): string {
  return `${step.agent}'s ${step.kind} step ${step.sourceRef ?? step.id}`;
}
