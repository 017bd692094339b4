/**
 * Agent wrappers (an OpenTelemetry `invoke_agent` span: a step of kind "agent" with children) open
 * before their children, but what they say (their output) is produced after them. Listed at their
 * start, a wrapper would be upstream of its own work: a wrong value computed by its LLM call would
 * look "seen before" (the wrapper already states it), and the wrapper could never relay its
 * children's corruption to whoever reads its output. So the engine places each wrapper right after
 * its last descendant (inner wrappers before outer ones): index order stays a causal order.
 *
 * Two edge rules follow from it:
 * - an edge leaving a moved wrapper towards a step now before it (a delegation it issued) is
 *   re-anchored to the same agent's latest step before the target (the work that preceded the
 *   delegation), or dropped when the agent did nothing before it;
 * - a nested agent's output returns to the agent that invoked it (function-call semantics of a
 *   nested span): a "return" message edge from the child wrapper to its invoker's wrapper.
 */
import type { TStep } from "../trace/schema";

export interface WrapperLayout {
  /** Graph position → index in the trace's step array. */
  order: Int32Array;
  /** By graph position: 1 for an agent step that has children (a wrapper). */
  wrapper: Uint8Array;
  /** By graph position: the position of the step's parent (`parentId`), or −1. */
  parent: Int32Array;
}

export function layoutWrappers(steps: TStep[]): WrapperLayout {
  const n = steps.length;
  const idx = new Map<string, number>();
  steps.forEach((s, i) => idx.set(s.id, i));
  const parentT = new Int32Array(n).fill(-1);
  const childCount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const p = steps[i].parentId !== undefined ? idx.get(steps[i].parentId!) : undefined;
    if (p !== undefined && p !== i) {
      parentT[i] = p;
      childCount[p]++;
    }
  }
  // A wrapper: an agent invocation, or a span the importer marked as a container (a workflow or crew
  // that only summarizes its agents' work, `culprit.container`) or as returning what its children
  // produced (`culprit.relay`), with children to wrap.
  const isWrapper = (i: number) => isInvocation(steps[i]) && childCount[i] > 0;

  // Depth of each step (memoized ancestor walk) and the last descendant of each wrapper.
  const end = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n).fill(-1);
  const depthOf = (i: number): number => {
    const chain: number[] = [];
    let v = i;
    while (v >= 0 && depth[v] < 0 && chain.length <= n) {
      chain.push(v);
      depth[v] = 0; // provisional: breaks parent cycles
      v = parentT[v];
    }
    let d = v >= 0 ? depth[v] + 1 : 0;
    for (let k = chain.length - 1; k >= 0; k--) depth[chain[k]] = d++;
    return depth[i];
  };
  let any = false;
  for (let i = 0; i < n; i++) {
    depthOf(i);
    if (isWrapper(i)) any = true;
  }
  const wrapperT = new Uint8Array(n);
  if (any) {
    for (let i = 0; i < n; i++) {
      // O(depth) per step; the hop bound guards against parent cycles in malformed input.
      for (let a = parentT[i], hops = 0; a >= 0 && end[a] < i && hops < n; a = parentT[a], hops++) end[a] = i;
    }
    for (let i = 0; i < n; i++) if (isWrapper(i)) wrapperT[i] = 1;
  }

  const order = Int32Array.from({ length: n }, (_, i) => i);
  if (any) {
    const key = (i: number) => (wrapperT[i] ? Math.max(i, end[i]) : i);
    order.sort((a, b) => key(a) - key(b) || wrapperT[a] - wrapperT[b] || depth[b] - depth[a] || a - b);
  }
  const pos = new Int32Array(n);
  order.forEach((t, p) => (pos[t] = p));
  const wrapper = new Uint8Array(n);
  const parent = new Int32Array(n).fill(-1);
  for (let p = 0; p < n; p++) {
    const t = order[p];
    wrapper[p] = wrapperT[t];
    parent[p] = parentT[t] >= 0 ? pos[parentT[t]] : -1;
  }
  return { order, wrapper, parent };
}

/** The nearest ancestor (by position) that is an agent step of another agent: whoever invoked this agent. */
export function invokerOf(steps: TStep[], parent: Int32Array, v: number): number {
  const agent = steps[v].agent;
  for (let a = parent[v], hops = 0; a >= 0 && hops < steps.length; a = parent[a], hops++)
    if (isInvocation(steps[a]) && steps[a].agent !== agent) return a;
  return -1;
}

/**
 * A step that wraps other steps' work: an agent invocation, a span the importer marked as a
 * container (`culprit.container`: a workflow or crew that only summarizes its agents' outputs), or
 * one it marked as returning its children's output (`culprit.relay`: a chain or node span, a
 * generation around the provider call), whose output exists only when it ends.
 */
function isInvocation(s: TStep): boolean {
  const a = s.attributes;
  return s.kind === "agent" || a?.["culprit.container"] === true || a?.["culprit.relay"] === true;
}
