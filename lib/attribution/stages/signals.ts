/**
 * Stage 6: signals that follow from the decision. Roles (culprit, missed check, propagator,
 * repairer, suspect), the interaction class, corrupted-signal flags (false success claims,
 * verification collapse), DyLAN importance with drop suggestions, per-message training rewards and
 * preference pairs, and tokens per agent.
 */
import type { EngineGraph } from "../build-graph";
import { verifierApprovals } from "../detectors/abandoned-verification";
import { classifyInteraction } from "../interaction-class";
import { assignRoles } from "../agent-roles";
import { importanceSignals, trainingSignals } from "../seed-signals";
import { successCredit } from "../success-credit";
import { missedChecks } from "../one-story";
import type { EngineConfig, FalseSuccessClaim } from "../types";
import type { Evidence } from "./evidence";
import type { FailureModel } from "./failure-model";
import type { Decided } from "./decide-culprit";
import type { Blame } from "./apportion-blame";
import { round6 as round } from "../round6";

export interface Signals {
  roles: ReturnType<typeof assignRoles>;
  interaction: { class: ReturnType<typeof classifyInteraction>["class"]; rule: string };
  falseSuccessClaims: FalseSuccessClaim[];
  approvals: ReturnType<typeof verifierApprovals>["stats"];
  verificationCollapseRate: number;
  importance: ReturnType<typeof importanceSignals>;
  training: ReturnType<typeof trainingSignals>;
  /** Tokens per agent index. */
  tokens: Float64Array;
}

export function deriveSignals(
  g: EngineGraph,
  config: EngineConfig,
  ev: Evidence,
  m: FailureModel,
  d: Decided,
  b: Blame,
): Signals {
  const { det, prov, analyzedAsFailure } = ev;
  const { agentGame, stepGame, first, boolean, blocked, corrective } = m;
  const { decision, decisiveStep, path } = d;

  // Importance: DyLAN's Agent Importance Score (see dylan-importance.ts), with its drop suggestions.
  const importance = importanceSignals(g, config, prov.claims);

  // Roles.
  const culprits = new Set<string>();
  if (decisiveStep >= 0) culprits.add(g.steps[decisiveStep].agent);
  // Provenance and an approval's origin name their origins; the approval's own repair "flipping" the
  // outcome is the missed check, not a second cause.
  if (decision.rule === "value-provenance" || decision.rule === "approved-origin")
    for (const a of b.originAgents) culprits.add(g.agentNames[a]);
  else if (decision.source === "evidence") {
    for (const a of agentGame.soloFlips) culprits.add(g.agentNames[a]);
    if (first.flips.size === 0) for (const p of first.minimalFixSet) culprits.add(g.steps[stepGame.players[p]].agent);
  }
  const checks = missedChecks(g, prov, decision, boolean.inherited);
  const missedCheckAgents = new Set([...checks].map((v) => g.steps[v].agent));
  const repairers = new Set(corrective.map((c) => g.steps[c.step].agent));
  // Propagators relayed inherited corruption on some route to the outcome, not only the shortest one.
  const propagators = new Set<string>();
  const relays = relaysToSink(g, boolean.bad, blocked);
  for (let v = 0; v < g.n; v++)
    if (v !== decisiveStep && boolean.inherited[v] && relays[v]) propagators.add(g.steps[v].agent);
  // Relays of a wrong value the provenance decision named are propagators too.
  if (decision.wrongValues.length) {
    const wrong = new Set(decision.wrongValues);
    for (const r of prov.records)
      if (r.source === "agent" && wrong.has(r.claim.value) && r.step > decisiveStep)
        propagators.add(g.steps[r.step].agent);
  }
  const roles = assignRoles({
    agents: g.agentNames,
    culprits,
    repairers,
    propagators,
    missedChecks: missedCheckAgents,
    suspectOnly: decision.source !== "evidence",
  });

  let corruptedDescendants = 0;
  for (let v = 0; v < g.n; v++) if (path.dist[v] > 0) corruptedDescendants++;
  // Interaction is a property of agents, not steps: two faulty steps of one agent are one cause.
  const sufficient = new Set(agentGame.aloneSufficient);
  const toAgentRef = (a: number) => ({ agent: g.agentNames[a], aloneSufficient: sufficient.has(a) });
  const classified = analyzedAsFailure
    ? classifyInteraction({
        candidates: stepGame.players.length,
        explained: stepGame.fails,
        repairAllSucceeds: agentGame.repairAllSucceeds,
        flipping: agentGame.soloFlips.map(toAgentRef),
        minimalFixSet: agentGame.minimalFixSet.map(toAgentRef),
        boundariesCrossed: path.channel.length,
        corruptedDescendants,
      })
    : { class: "unchanged" as const, rule: "the run succeeded; no failure to classify" };
  // A concluded answer that repeats its origin's value passed through unchanged, whatever the repair model could explain.
  const interaction =
    decision.rule === "answer-origin" && classified.class === "unexplained"
      ? {
          class: "unchanged" as const,
          rule:
            decision.computedAt !== undefined
              ? `the concluded answer was computed from ${decision.wrongValues.map((x) => x.replace(/^[a-z]:/, "")).join(", ")}, which its origin put forward; the agent that computed it relied on them`
              : `the concluded answer repeats the value ${decision.wrongValues[0] ?? ""} its origin put forward; the agents after it accepted or relayed it`,
        }
      : classified;

  // Corrupted signals.
  const falseSuccessClaims: FalseSuccessClaim[] = [];
  for (const [v, hits] of [...det.byStep].sort((a, b) => a[0] - b[0]))
    for (const h of hits)
      if (h.name === "false-success-claim" && h.score >= config.faultThreshold)
        falseSuccessClaims.push({
          stepId: g.steps[v].id,
          agent: g.steps[v].agent,
          score: round(h.score),
          evidence: h.evidence,
        });
  const approvals = verifierApprovals(g).stats;
  const verificationCollapseRate = approvals.approvals > 0 ? approvals.abandoned / approvals.approvals : 0;

  // Training signals.
  const coOrigins = coCulpritSteps(g, d, b, stepGame.players);
  const training = trainingSignals({
    g,
    config,
    analyzedAsFailure,
    fault: det.fault,
    decisive: decisiveStep,
    dist: path.dist,
    corrective,
    importance,
    coOrigins,
    lineageCredit: analyzedAsFailure ? undefined : successCredit(g, prov),
  });

  // Tokens.
  const tokens = new Float64Array(g.agentNames.length);
  g.steps.forEach(
    (s, v) => (tokens[g.agentOf[v]] += s.tokens?.total ?? (s.tokens?.input ?? 0) + (s.tokens?.output ?? 0)),
  );

  return { roles, interaction, falseSuccessClaims, approvals, verificationCollapseRate, importance, training, tokens };
}

/**
 * The faulty step of every other agent that holds blame, weighted by its blame relative to the
 * decisive agent's: a decision origin of that agent, else its earliest candidate step of the repair
 * game. Blame is the larger of the decision share and the normalized Shapley value, so a second
 * origin the Shapley game blames keeps its share even where the decision share is aligned to the
 * decisive agent. Co-culprits share the failure reward in proportion to blame (seed fidelity).
 */
function coCulpritSteps(
  g: EngineGraph,
  d: Decided,
  b: Blame,
  candidates: readonly number[],
): { step: number; weight: number }[] {
  if (d.decisiveStep < 0) return [];
  const decisiveAgent = g.agentOf[d.decisiveStep];
  let shapleyTotal = 0;
  for (const x of b.shapleyOf) if (x > 0) shapleyTotal += x;
  const share = (a: number) => Math.max(b.blame[a], shapleyTotal > 0 ? Math.max(0, b.shapleyOf[a]) / shapleyTotal : 0);
  const top = share(decisiveAgent);
  if (!(top > 0)) return [];
  const stepOf = new Map<number, number>();
  for (const v of [...d.decision.origins, ...[...candidates].sort((x, y) => x - y)])
    if (!stepOf.has(g.agentOf[v])) stepOf.set(g.agentOf[v], v);
  const out: { step: number; weight: number }[] = [];
  for (const [a, step] of stepOf)
    if (a !== decisiveAgent && share(a) > 0) out.push({ step, weight: Math.min(1, share(a) / top) });
  return out;
}

/** Bad steps from which corruption reaches the outcome over transmitting edges through bad, unblocked steps. */
function relaysToSink(g: EngineGraph, bad: Uint8Array, blocked: Uint8Array): Uint8Array {
  const out = new Uint8Array(g.n);
  if (g.n === 0 || !bad[g.sink]) return out;
  out[g.sink] = 1;
  for (let v = g.sink - 1; v >= 0; v--) {
    if (!bad[v] || blocked[v]) continue;
    for (let k = g.outStart[v]; k < g.outStart[v + 1] && !out[v]; k++) {
      const e = g.edges[g.outEdges[k]];
      if (e.transmits && out[e.to]) out[v] = 1;
    }
  }
  return out;
}
