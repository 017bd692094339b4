/**
 * Dropped constraint: an agent acts (a tool call's arguments) with a year other than the task's,
 * and no source gave it that year — or its lookup omits the year and comes back with another one. The task's year is a constraint; a lookup for another year
 * answers another question. Years are the one constraint recognisable by shape alone (a 4-digit
 * integer 1900–2100 in both places), so this does not fire on ordinary numbers.
 * The fault lies with whoever handed the agent its instruction without the constraint (a plan or a
 * delegation that omits it) — the instruction is found through the span structure (the delegating
 * call the agent runs under, or the other agent's step feeding the agent's wrapper), else the last
 * delegation the agent received (a `delegate` step naming it, a delegation edge) — else, when the
 * instruction kept the year, with the agent itself.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import { extractClaims } from "./extract-claims";
import { argumentText, isAgentToolCall, type Provenance } from "./provenance";
import type { ClaimFinding } from "./claim-findings";

const isYear = (x: number | undefined) => x !== undefined && Number.isInteger(x) && x >= 1900 && x <= 2100;
const SCORE = 0.7;
/** Parent levels walked to find the instruction (nested agents are rarely deeper). */
const MAX_DEPTH = 6;

/** The step whose text was the agent's instruction, through the span structure, or −1. */
function instructionFor(g: EngineGraph, v: number): number {
  const me = g.agentOf[v];
  let w = v;
  for (let d = 0; d < MAX_DEPTH; d++) {
    const p = g.parent[w];
    if (p < 0) return -1;
    if (g.agentOf[p] !== me && !g.wrapper[p]) return p; // a delegating call the agent runs under
    if (g.agentOf[p] === me && g.wrapper[p]) {
      // The agent's wrapper: its instruction came in over an edge from another agent.
      let src = -1;
      for (let k = g.inStart[p]; k < g.inStart[p + 1]; k++) {
        const u = g.edges[g.inEdges[k]].from;
        if (g.agentOf[u] !== me && u > src) src = u;
      }
      if (src >= 0) return g.wrapper[src] ? producerOf(g, src) : src;
    }
    w = p;
  }
  return -1;
}

/** Steps looked back for the delegation an agent received (assignments sit close to the work). */
const DELEGATION_WINDOW = 256;

/**
 * The delegation the agent of step v received last before v: a `delegate` step naming it as target,
 * or the source of a delegation edge into one of its steps. A handed-over task is the agent's
 * instruction as much as the call it runs under. −1 when there is none.
 */
function delegationFor(g: EngineGraph, v: number): number {
  const me = g.agentOf[v];
  const name = g.agentNames[me];
  for (let u = v - 1; u >= 0 && u >= v - DELEGATION_WINDOW; u--) {
    if (g.agentOf[u] !== me && g.steps[u].target === name) return u;
    if (g.agentOf[u] !== me) continue;
    for (let k = g.inStart[u]; k < g.inStart[u + 1]; k++) {
      const e = g.edges[g.inEdges[k]];
      if (e.kind === "delegation" && g.agentOf[e.from] !== me) return e.from;
    }
  }
  return -1;
}

/** What a call's lookup came back with: its own result, else the result step answering it. */
function returnedClaims(g: EngineGraph, prov: Provenance, v: number) {
  if (prov.claims[v].observed.length || g.steps[v].tool?.result !== undefined) return prov.claims[v].observed;
  const next = v + 1 < g.n && g.steps[v + 1].kind === "tool_result" ? v + 1 : -1;
  return next >= 0 ? prov.claims[next].observed : [];
}

/** The latest own non-wrapper step inside a wrapper: the step that produced what it returned. */
function producerOf(g: EngineGraph, w: number): number {
  for (let u = w - 1; u >= 0; u--) {
    let x = g.parent[u];
    while (x >= 0 && x !== w) x = g.parent[x];
    if (x === w && !g.wrapper[u] && g.agentOf[u] === g.agentOf[w] && isAgentUtterance(g, u)) return u;
  }
  return w;
}

export function findDroppedConstraints(g: EngineGraph, prov: Provenance, failed: boolean): ClaimFinding[] {
  const out: ClaimFinding[] = [];
  if (!failed) return out;
  const taskYears = extractClaims(g.trace.run.task ?? "").filter((c) => c.kind === "number" && isYear(c.num));
  if (taskYears.length === 0) return out;
  const years = new Set(taskYears.map((c) => c.value));
  const blamed = new Set<number>();
  for (let v = 0; v < g.n; v++) {
    if (!isAgentToolCall(g, v)) continue;
    const args = prov.claims[v].asserted;
    if (args.some((c) => years.has(c.value))) continue;
    // The year the call acted with: one it stated without a source, else (a lookup that omitted the
    // year) the other year its result came back with.
    const stated = (prov.byStep.get(v) ?? [])
      .map((id) => prov.records[id])
      .find(
        (r) => r.source === "none" && r.claim.kind === "number" && isYear(r.claim.num) && !years.has(r.claim.value),
      );
    const returned =
      stated || args.some((c) => c.kind === "number" && isYear(c.num))
        ? undefined
        : returnedClaims(g, prov, v).find((c) => c.kind === "number" && isYear(c.num) && !years.has(c.value));
    const r = stated ?? (returned ? { claim: returned } : undefined);
    if (!r) continue;
    {
      const parent = instructionFor(g, v);
      const u = parent >= 0 ? parent : delegationFor(g, v);
      const text = u >= 0 ? (isAgentToolCall(g, u) ? argumentText(g, u) : stepText(g.steps[u])) : "";
      const kept = u >= 0 && extractClaims(text).some((c) => years.has(c.value));
      const at = u >= 0 && !kept ? u : v;
      if (blamed.has(at)) continue;
      blamed.add(at);
      const task = taskYears[0].raw;
      out.push({
        step: at,
        name: "dropped-constraint",
        score: SCORE,
        value: r.claim.value,
        quote: at === v ? r.claim.raw : text.slice(0, 160),
        against: at === v ? -1 : v,
        reachesAnswer: true,
        note:
          at === v
            ? `acts with the year ${r.claim.raw} although the task asks for ${task} and no source gave ${r.claim.raw}`
            : `instructs ${g.steps[v].agent} without the task's year ${task}; ${g.steps[v].agent} then acted with ${r.claim.raw} (${g.steps[v].id})`,
      });
    }
  }
  return out;
}
