import type { TEdge } from "../../trace/schema";
import { describeStep, edge, type EdgeContext } from "./edge-context";
import { stateAccesses } from "./state-keys";

/**
 * Shared state: agent A writes key k, agent B later reads k. Each read is linked to the latest
 * earlier write of the same key by another agent — the value the reader actually saw. Memory
 * tools, GenAI memory operations and LangGraph channels all arrive here as `step.state` (or the
 * multi-key attributes) set by the importers.
 */
export function inferStateEdges(ctx: EdgeContext): TEdge[] {
  const edges: TEdge[] = [];
  // key → writes so far, latest last (per agent only the latest matters).
  const writes = new Map<string, number[]>();
  ctx.steps.forEach((step, i) => {
    const { reads, writes: written } = stateAccesses(step);
    for (const key of reads) {
      const list = writes.get(key);
      if (!list) continue;
      for (let k = list.length - 1; k >= 0; k--) {
        const w = ctx.steps[list[k]];
        if (w.agent === step.agent) continue;
        edges.push(
          edge(w, step, "state", `${describeStep(step)} reads "${key}", last written by ${describeStep(w)}`, 0.9, key),
        );
        break;
      }
    }
    for (const key of written) {
      const list = writes.get(key) ?? [];
      list.push(i);
      if (list.length > 16) list.splice(0, list.length - 16);
      writes.set(key, list);
    }
  });
  return edges;
}
