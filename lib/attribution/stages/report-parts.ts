/**
 * The per-step, per-agent, Shapley and claim tables of the report (stage 7's parts): each reads the
 * earlier stages' outputs and formats them; no new analysis happens here.
 */
import type { EngineGraph } from "../build-graph";
import type { localizeFirstError } from "../first-error";
import { round6 as round } from "../round6";
import type { AgentReport, AnalysisReport, EngineConfig, StepReport } from "../types";
import type { Blame } from "./apportion-blame";
import type { Evidence } from "./evidence";
import type { FailureModel } from "./failure-model";
import type { Signals } from "./signals";

/** Maps every step to a value, listed in the trace's step order (the graph may list wrappers later). */
export function inTraceOrder<T>(g: EngineGraph, f: (s: EngineGraph["steps"][number], v: number) => T): T[] {
  const out = new Array<T>(g.n);
  for (let v = 0; v < g.n; v++) out[g.traceIndex[v]] = f(g.steps[v], v);
  return out;
}

export function buildStepReports(
  g: EngineGraph,
  ev: Evidence,
  m: FailureModel,
  sig: Signals,
  onPath: Set<number>,
): StepReport[] {
  const { first, stepGame, resp, boolean, probability, faulty } = m;
  const fault = ev.det.fault;
  const rewards = sig.training.rewards;
  return inTraceOrder(g, (s, v) => {
    const p = stepGame.playerOf[v];
    const hits = ev.det.byStep.get(v) ?? [];
    return {
      stepId: s.id,
      sourceRef: s.sourceRef ?? s.id,
      agent: s.agent,
      fault: round(fault[v]),
      detectors: hits.map((h) => ({
        name: h.name,
        score: round(h.score),
        ...(h.mast ? { mast: h.mast } : {}),
        evidence: h.evidence,
      })),
      corrupted: boolean.inherited[v] === 1,
      onPath: onPath.has(v),
      responsibility: round(p >= 0 ? resp[p] : 0),
      reward: round(rewards[v]),
      counterfactual: counterfactualNote(g, v, p, m, probability[v], faulty, boolean.origins, first),
    };
  });
}

/** One report per agent, sorted by blame; ties put the decisive agent first (the named culprit leads the bars). */
export function buildAgentReports(
  g: EngineGraph,
  m: FailureModel,
  b: Blame,
  sig: Signals,
  lead: string | undefined,
): AgentReport[] {
  const agents = g.agentNames.map((name, a) => agentReport(g, m, b, sig, name, a));
  return agents.sort(
    (x, y) =>
      y.blame - x.blame ||
      (x.agent === lead ? -1 : y.agent === lead ? 1 : 0) ||
      (x.agent < y.agent ? -1 : x.agent > y.agent ? 1 : 0),
  );
}

function agentReport(g: EngineGraph, m: FailureModel, b: Blame, sig: Signals, name: string, a: number): AgentReport {
  const { agentGame, first, stepGame, resp } = m;
  const { blame, shapleyOf, flowByAgent } = b;
  const { roles, tokens } = sig;
  const stepsOf: string[] = [];
  let flips = 0;
  let maxResp = 0;
  for (let v = 0; v < g.n; v++) {
    if (g.agentOf[v] !== a) continue;
    const p = stepGame.playerOf[v];
    if (p >= 0) {
      stepsOf.push(g.steps[v].id);
      if (first.flips.has(p)) flips++;
      maxResp = Math.max(maxResp, resp[p]);
    }
  }
  const pIndex = agentGame.players.indexOf(a);
  const ci =
    pIndex >= 0 && agentGame.shapley.method === "sampled" && agentGame.total > 0
      ? agentGame.shapley.ci[pIndex].map((x) => round(Math.min(1, Math.max(0, x / agentGame.total))))
      : undefined;
  return {
    agent: name,
    blame: round(blame[a]),
    ...(ci ? { blameCi: ci as [number, number] } : {}),
    role: roles.get(name)!,
    tokens: tokens[a],
    blamePer1kTokens: tokens[a] > 0 ? round((blame[a] * 1000) / tokens[a]) : null,
    importance: round(sig.importance.perAgent[a]),
    lowImportance: sig.importance.low.has(a),
    counterfactualFlips: flips,
    responsibility: round(maxResp),
    evidence: {
      stepIds: stepsOf.slice(0, 50),
      note:
        agentGame.total > 0
          ? `Shapley value ${round(shapleyOf[a])} of the repair game (v(N) − v(∅) = ${agentGame.total}), ${stepsOf.length} faulty step(s)`
          : `share of the backward blame flow (${round(flowByAgent[a])}); the repair game does not explain the failure`,
    },
  };
}

export function shapleyTable(
  g: EngineGraph,
  config: EngineConfig,
  agentGame: FailureModel["agentGame"],
): AnalysisReport["shapley"] {
  const named = (vals: number[]) =>
    Object.fromEntries(agentGame.players.map((a, p) => [g.agentNames[a], round(vals[p])]));
  return {
    method: agentGame.shapley.method,
    samples: agentGame.shapley.samples,
    errorTarget: config.shapleyErrorTarget,
    values: named(agentGame.shapley.values),
    ci: Object.fromEntries(
      agentGame.players.map((a, p) => [g.agentNames[a], agentGame.shapley.ci[p].map(round) as [number, number]]),
    ),
    myerson: agentGame.myersonMethod === "skipped" ? {} : named(agentGame.myerson),
    leaveOneOut: named(agentGame.loo),
    total: agentGame.total,
    players: agentGame.players.map((a) => g.agentNames[a]),
    note:
      agentGame.shapley.method === "exact"
        ? `exact over ${agentGame.players.length} agents with faults`
        : `${agentGame.shapley.samples} antithetic permutations, ±${round(agentGame.shapley.halfWidth)} at δ = ${config.shapleyDelta}; Myerson ${agentGame.myersonMethod}`,
  };
}

/** Claim-level findings, at most 200, quotes cut to 200 characters. */
export function claimReports(g: EngineGraph, findings: Evidence["findings"]): AnalysisReport["claims"] {
  return findings.slice(0, 200).map((f) => ({
    stepId: g.steps[f.step].id,
    agent: g.steps[f.step].agent,
    detector: f.name,
    score: round(f.score),
    value: f.value,
    quote: f.quote.slice(0, 200),
    ...(f.against >= 0 ? { sourceStepId: g.steps[f.against].id } : {}),
    reachesAnswer: f.reachesAnswer,
    note: f.note,
  }));
}

function counterfactualNote(
  g: EngineGraph,
  v: number,
  p: number,
  m: FailureModel,
  prob: number,
  faulty: Uint8Array,
  local: Uint8Array,
  first: ReturnType<typeof localizeFirstError>,
): { flips: boolean; note: string } {
  if (faulty[v] && !local[v])
    return { flips: false, note: "a symptom of corrupted input: repaired with the upstream origin" };
  if (!local[v]) return { flips: false, note: `not faulty; P(bad) = ${round(prob)}` };
  if (p < 0) return { flips: false, note: `faulty but beyond the ${m.stepGame.players.length} evaluated candidates` };
  if (!m.stepGame.fails) return { flips: false, note: "the model does not reach the failure from any fault" };
  if (first.flips.has(p)) return { flips: true, note: "repairing this step alone makes the run succeed" };
  return {
    flips: false,
    note: first.minimalFixSet.includes(p)
      ? "needed in the minimal joint repair"
      : "other faults still cause the failure",
  };
}
