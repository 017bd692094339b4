/**
 * The instruction an agent received last before a step: the hand-over it works from (used by the
 * dropped-constraint findings, `dropped-constraint.ts` and `dropped-bound.ts`).
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";

/** Steps looked back for the delegation an agent received (assignments sit close to the work). */
const DELEGATION_WINDOW = 256;

/**
 * The delegation the agent of step v received last before v: a `delegate` step naming it as target,
 * or the source of a delegation edge into one of its steps. A handed-over task is the agent's
 * instruction as much as the call it runs under. −1 when there is none.
 */
export function delegationFor(g: EngineGraph, v: number): number {
  const me = g.agentOf[v];
  const name = g.agentNames[me];
  let addressed = -1;
  for (let u = v - 1; u >= 0 && u >= v - DELEGATION_WINDOW; u--) {
    if (g.agentOf[u] !== me && g.steps[u].target === name) return u;
    if (g.agentOf[u] !== me) {
      if (addressed < 0 && isAgentUtterance(g, u) && namesAgent(stepText(g.steps[u]), name)) addressed = u;
      continue;
    }
    for (let k = g.inStart[u]; k < g.inStart[u + 1]; k++) {
      const e = g.edges[g.inEdges[k]];
      if (e.kind === "delegation" && g.agentOf[e.from] !== me) return e.from;
    }
  }
  // A chat log records no hand-over: the latest message of another agent that names this one is its instruction.
  return addressed;
}

/** Text read for an agent's name in a message: an address sits at its start ("Assigning to Yew: …", "@Yew …"). */
const ADDRESS_SCAN = 400;

function namesAgent(text: string, name: string): boolean {
  if (name.length < 3) return false;
  const head = text.slice(0, ADDRESS_SCAN).toLowerCase();
  const n = name.toLowerCase();
  for (let i = head.indexOf(n); i >= 0; i = head.indexOf(n, i + 1)) {
    const before = i === 0 ? " " : head[i - 1];
    const after = head[i + n.length] ?? " ";
    if (!/[\w]/.test(before) && !/[\w]/.test(after)) return true;
  }
  return false;
}
