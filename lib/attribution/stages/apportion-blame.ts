/**
 * Stage 5: blame over agents. Normalized Shapley of the agent repair game when it explains the
 * failure, the backward blame flow otherwise; a provenance decision is its own unanimity game (1/k
 * per independent origin agent); aligned so the decisive agent holds the largest share (see
 * `one-story.ts`); scaled down by the share a token, context, rate or turn budget explains.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { alignBlame } from "../one-story";
import type { TokenBudgetConfound } from "../types";
import type { Evidence } from "./evidence";
import type { FailureModel } from "./failure-model";
import type { Decided } from "./decide-culprit";
import { round6 as round } from "../round6";

export interface Blame {
  /** Blame per agent index: sums to 1 − budget share on explained failures, all zero otherwise. */
  blame: Float64Array;
  /** Shapley value of the agent repair game per agent index (0 for non-players). */
  shapleyOf: Float64Array;
  /** Backward blame flow absorbed per agent index. */
  flowByAgent: Float64Array;
  /** Agents of the decision's independent origins. */
  originAgents: number[];
  budget: TokenBudgetConfound | null;
}

export function apportionBlame(g: EngineGraph, ev: Evidence, m: FailureModel, d: Decided): Blame {
  const { agentGame, blameFlow } = m;
  const { analyzedAsFailure } = ev;
  const nA = g.agentNames.length;
  const shapleyOf = new Float64Array(nA);
  agentGame.players.forEach((a, p) => (shapleyOf[a] = agentGame.shapley.values[p]));
  const blame = new Float64Array(nA);
  const flowByAgent = new Float64Array(nA);
  for (let v = 0; v < g.n; v++) flowByAgent[g.agentOf[v]] += blameFlow.absorbed[v];
  if (analyzedAsFailure && agentGame.total > 0)
    for (let a = 0; a < nA; a++) blame[a] = Math.max(0, shapleyOf[a]) / agentGame.total;
  else if (analyzedAsFailure) {
    const total = flowByAgent.reduce((s, x) => s + x, 0);
    if (total > 0) for (let a = 0; a < nA; a++) blame[a] = flowByAgent[a] / total;
  }

  // One story (see one-story.ts): a provenance decision is its own repair game — every independent
  // origin's wrong value must be corrected, a unanimity game whose Shapley value is 1/k per origin
  // agent; otherwise the game's blame, aligned so the decisive agent holds the largest share.
  const originAgents = [...new Set(d.decision.origins.map((v) => g.agentOf[v]))];
  if (analyzedAsFailure && d.decision.rule === "value-provenance") {
    blame.fill(0);
    for (const a of originAgents) blame[a] = 1 / originAgents.length;
  }
  if (analyzedAsFailure && d.decisiveStep >= 0) alignBlame(blame, g.agentOf[d.decisiveStep], originAgents);

  const budget = budgetConfound(g, ev, agentGame.repairAllSucceeds, agentGame.failsAsIs, blameFlow.absorbed);
  if (budget) for (let a = 0; a < nA; a++) blame[a] *= 1 - budget.budgetShare;
  return { blame, shapleyOf, flowByAgent, originAgents, budget };
}

/** The share of the failure a token, context, rate or turn budget explains, when a step hit one. */
function budgetConfound(
  g: EngineGraph,
  ev: Evidence,
  repairAllSucceeds: boolean,
  failsAsIs: boolean,
  absorbed: Float64Array,
): TokenBudgetConfound | null {
  const { byStep, environmental } = ev.det;
  const budgetSteps: string[] = [];
  for (const [v, hits] of [...byStep].sort((a, b) => a[0] - b[0]))
    if (hits.some((h) => h.name === "budget-exhaustion")) budgetSteps.push(g.steps[v].id);
  if (budgetSteps.length === 0) return null;
  let envMass = 0;
  let allMass = 0;
  for (let v = 0; v < g.n; v++) {
    allMass += absorbed[v];
    if (environmental[v]) envMass += absorbed[v];
  }
  let totalTokens = 0;
  for (const s of g.steps) totalTokens += s.tokens?.total ?? (s.tokens?.input ?? 0) + (s.tokens?.output ?? 0);
  // If repairing every agent fault still fails, the budget explains the failure entirely.
  const share = failsAsIs && !repairAllSucceeds ? 1 : allMass > 0 ? envMass / allMass : 0.5;
  return {
    budgetLimited: true,
    budgetShare: round(share),
    totalTokens,
    evidence: {
      stepIds: budgetSteps.slice(0, 20),
      note: `${budgetSteps.length} step(s) hit a token, context, rate or turn limit: ${stepText(g.steps[g.indexOf.get(budgetSteps[0])!]).slice(0, 80)}`,
    },
  };
}
