/**
 * One story per report: the roles and the blame bars follow the decision (decision.ts), so the
 * verdict, the bars and the badges never name different culprits.
 *
 * - Missed checks: a step that approves (a verdict claim) after the decisive origin, while it could
 *   see a wrong value (the value is in its text or in a step feeding it) or inherits corruption. It
 *   checked nothing it could have caught, so it is not an origin; its agent gets the
 *   `missed-check` role (verifier by behaviour: whoever approves, whatever its name).
 * - Blame alignment: blame comes from the repair game (or the blame flow), then any agent's share
 *   above the decisive agent's share moves to the decisive agent. The decision established that
 *   the decisive agent's error came first and the others' evidence is downstream of it, so a larger
 *   share elsewhere would contradict it. Sums are preserved (1 over agents on failures); when the
 *   game gives nobody blame, the decision's origins share it equally.
 */
import type { EngineGraph } from "./build-graph";
import type { Provenance } from "./claims/provenance";
import type { Decision } from "./decision";
import { isAgentUtterance } from "./detectors/patterns";

export function missedChecks(g: EngineGraph, prov: Provenance, decision: Decision, inherited: Uint8Array): Set<number> {
  const out = new Set<number>();
  if (decision.step < 0) return out;
  const wrong = new Set(decision.wrongValues);
  const states = (u: number) =>
    prov.claims[u].asserted.some((c) => wrong.has(c.value)) || prov.claims[u].observed.some((c) => wrong.has(c.value));
  for (let w = decision.step + 1; w < g.n; w++) {
    if (!isAgentUtterance(g, w) || decision.origins.includes(w)) continue;
    const verdict = prov.claims[w].asserted.find((c) => c.kind === "verdict");
    if (!verdict || verdict.value !== "v:approve") continue;
    let sees = inherited[w] === 1 || (wrong.size > 0 && states(w));
    for (let k = g.inStart[w]; k < g.inStart[w + 1] && !sees; k++)
      sees = wrong.size > 0 && states(g.edges[g.inEdges[k]].from);
    if (sees && prov.visible(decision.step, w)) out.add(w);
  }
  return out;
}

/** Moves any share above the decisive agent's to it (see the file comment). Mutates and returns `blame`. */
export function alignBlame(blame: Float64Array, decisiveAgent: number, originAgents: number[]): Float64Array {
  if (decisiveAgent < 0) return blame;
  let sum = 0;
  for (const b of blame) sum += b;
  if (sum <= 0) {
    const agents = [...new Set([decisiveAgent, ...originAgents])];
    for (const a of agents) blame[a] = 1 / agents.length;
    return blame;
  }
  const m = blame[decisiveAgent];
  for (let a = 0; a < blame.length; a++) {
    if (a === decisiveAgent || blame[a] <= m) continue;
    blame[decisiveAgent] += blame[a] - m;
    blame[a] = m;
  }
  return blame;
}
