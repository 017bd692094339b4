/**
 * Success credit as a Shapley value. The game: v(S) is the share of the final answer's values whose
 * whole lineage lies within coalition S — the agent that states the value in the answer, every agent
 * that relayed it, computed it from operands, or made the tool call that returned it. A value needs
 * all of them (drop any one and that value does not reach the answer along this route), so each value
 * is a unanimity game over its lineage, and the Shapley value of a unanimity game gives each member
 * an equal part: φ_a = (1/|V|) Σ_{x ∋ a} 1/|L(x)|. Exact, efficient (Σ φ = 1 over the values with an
 * agent lineage), symmetric, and linear in the lineage's length — no coalition is enumerated.
 * Values the task or an input supplied have no agent lineage beyond the answer's author; task givers,
 * tools and wrappers are not players. With no traceable value in the answer the game is empty and
 * the caller falls back to another credit (DyLAN importance, see seed-signals.ts).
 */
import type { EngineGraph } from "./build-graph";
import { answerValues } from "./claims/claim-findings";
import type { Provenance } from "./claims/provenance";
import { callerOf, isAgentUtterance } from "./detectors/patterns";

/** Answer values traced (a long answer's further values add nothing the first ones do not show). */
const MAX_VALUES = 64;
/** Hops followed back through relays and operands per value: lineage is short in practice; long chains are cut. */
const MAX_HOPS = 256;

export interface SuccessCredit {
  /** Credit per agent index; sums to 1 when `values` > 0. */
  credit: Float64Array;
  /** Answer values with an agent lineage (the game's size); 0 means no game. */
  values: number;
}

function isPlayer(g: EngineGraph, v: number): boolean {
  return v >= 0 && !g.wrapper[v] && !g.toolAgents.has(g.agentOf[v]) && !g.taskGivers.has(g.agentOf[v]);
}

/** The agents whose steps carried `value` to step `at`: relays, computations and the tool calls behind it. */
function lineage(g: EngineGraph, prov: Provenance, at: number, value: string): Set<number> {
  const agents = new Set<number>();
  const seen = new Set<string>();
  const work: [number, string][] = [[at, value]];
  let hops = 0;
  while (work.length && hops++ < MAX_HOPS) {
    const [step, x] = work.pop()!;
    const key = `${step}|${x}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (isPlayer(g, step) && isAgentUtterance(g, step)) agents.add(g.agentOf[step]);
    const k = (prov.byStep.get(step) ?? []).find((i) => prov.records[i].claim.value === x);
    if (k === undefined) continue;
    const r = prov.records[k];
    if (r.source === "agent" && r.from >= 0) work.push([r.from, x]);
    else if (r.source === "tool" && r.from >= 0) {
      const caller = callerOf(g, r.from);
      if (caller !== r.from && isPlayer(g, caller)) agents.add(g.agentOf[caller]);
    } else if (r.source === "derived") for (const o of r.operands ?? []) work.push([operandAt(prov, step, o), o]);
  }
  return agents;
}

/** Where an operand of a computation at `step` was stated: the step itself, else the latest earlier step it could see. */
function operandAt(prov: Provenance, step: number, operand: string): number {
  if ((prov.byStep.get(step) ?? []).some((i) => prov.records[i].claim.value === operand)) return step;
  const steps = prov.stepsOf.get(operand) ?? [];
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i] < step && prov.visible(steps[i], step)) return steps[i];
  return step;
}

export function successCredit(g: EngineGraph, prov: Provenance): SuccessCredit {
  const credit = new Float64Array(g.agentNames.length);
  const { step } = answerValues(g, prov);
  if (step < 0) return { credit, values: 0 };
  const stated = [...new Set(prov.claims[step].asserted.filter((c) => c.kind !== "verdict").map((c) => c.value))];
  let values = 0;
  for (const x of stated.slice(0, MAX_VALUES)) {
    const agents = lineage(g, prov, step, x);
    if (!agents.size) continue;
    values++;
    for (const a of agents) credit[a] += 1 / agents.size;
  }
  if (values > 0) for (let a = 0; a < credit.length; a++) credit[a] /= values;
  return { credit, values };
}
