/**
 * The offline attribution pipeline: detectors → propagation model → first-error localization →
 * agent game (Shapley, Myerson, leave-one-out) → roles, importance, interaction class, signals,
 * training rewards → verdict. Pure and deterministic: same trace and config, byte-identical JSON.
 */
import type { TTrace } from "../trace/schema";
import { buildGraph, stepText, type EngineGraph } from "./build-graph";
import { ENGINE_VERSION, resolveConfig } from "./config";
import { runDetectors } from "./detectors";
import { verifierApprovals } from "./detectors/abandoned-verification";
import { findCorrectiveAttempts } from "./corrective-attempts";
import { findAggregators } from "./aggregation-rules";
import { propagateBoolean, propagateProbabilistic, type PropagationInput } from "./propagation";
import { buildStepGame } from "./step-game";
import { localizeFirstError } from "./first-error";
import { responsibilities } from "./responsibility";
import { playAgentGame } from "./agent-game";
import { backwardFlow } from "./importance-flow";
import { propagationPath } from "./propagation-path";
import { classifyInteraction } from "./interaction-class";
import { assignRoles } from "./agent-roles";
import { importanceSignals, trainingSignals } from "./seed-signals";
import { confoundFlags } from "./confound-flags";
import { writeVerdict } from "./verdict";
import { firstDeadEnd, type DeadEnd } from "./dead-end";
import { computeTrajectory } from "./trajectory";
import { REPORT_SCHEMA_VERSION } from "./report-schema";
import { buildProvenance } from "./claims/provenance";
import { claimHits, findClaimIssues } from "./claims/claim-findings";
import { findDroppedConstraints } from "./claims/dropped-constraint";
import { containerOf, decide, uncontain } from "./decision";
import { alignBlame, missedChecks } from "./one-story";
import type { AgentReport, AnalysisReport, DecisiveError, EngineConfig, FalseSuccessClaim, StepReport, TokenBudgetConfound } from "./types";

const round = (x: number) => Math.round(x * 1e6) / 1e6;
/** The fault of a concluded wrong answer's origin: the unsourced-value-in-answer score (claim-findings.ts), the same kind of evidence. */
const ANSWER_ORIGIN_FAULT = 0.6;

export function analyzeTrace(trace: TTrace, partial: Partial<EngineConfig> = {}): AnalysisReport {
  const config = resolveConfig(partial);
  const g = buildGraph(trace, config);
  const outcome = trace.run.outcome;
  const prov = buildProvenance(g);
  const findings = [...findClaimIssues(g, prov), ...findDroppedConstraints(g, prov, outcome !== "success")].sort((a, b) => a.step - b.step);
  const det = runDetectors({ g, config, failed: outcome !== "success", precomputed: claimHits(g, findings) });
  const { fault, environmental } = det;
  let anyFault = false;
  for (let v = 0; v < g.n; v++) if (fault[v] >= config.faultThreshold) anyFault = true;
  const analyzedAsFailure = outcome === "failure" || (outcome === "unknown" && anyFault);

  const faulty = new Uint8Array(g.n);
  if (analyzedAsFailure) for (let v = 0; v < g.n; v++) faulty[v] = fault[v] >= config.faultThreshold ? 1 : 0;
  const corrective = findCorrectiveAttempts(g, fault, config.faultThreshold);
  const blocked = new Uint8Array(g.n);
  for (const c of corrective) if (c.blocks) blocked[c.step] = 1;
  const input: PropagationInput = { g, aggregators: findAggregators(g), blocked };
  const boolean = propagateBoolean(input, faulty, det.dependent);
  // Only origins are players of the repair games; symptoms are repaired with their origin.
  const local = boolean.origins;
  const probability = propagateProbabilistic(input, analyzedAsFailure ? fault : new Float64Array(g.n));

  const stepGame = buildStepGame(input, local, fault, config.maxCounterfactuals);
  const first = localizeFirstError(stepGame);
  const { resp } = responsibilities(stepGame, first.flips);
  const agentGame = playAgentGame(input, local, environmental, config);
  const blameFlow = backwardFlow(g, (v) => (analyzedAsFailure && !environmental[v] ? fault[v] : 0));

  // The decision (see decision.ts): value provenance first, then the repair model, a prior last.
  const decision = decide({ g, failed: analyzedAsFailure, findings, prov, fault, threshold: config.faultThreshold, first, stepGame, absorbed: blameFlow.absorbed, inherited: boolean.inherited, origins: boolean.origins, hitNames: (v) => (det.byStep.get(v) ?? []).filter((h) => h.score >= config.faultThreshold || !h.dependent).map((h) => h.name) });
  let decisiveStep = decision.step;
  const decisiveRule: string = decision.rule;
  // Which step of the chosen agent, when no evidence singled one out: a dead end the agent walked
  // into (see dead-end.ts) is evidence for the step that caused it over the earliest flag.
  let deadEnd: DeadEnd | null = null;
  if (decisiveStep >= 0 && decision.rule !== "earliest-but-for" && decision.rule !== "value-provenance") {
    deadEnd = firstDeadEnd(g, g.agentOf[decisiveStep]);
    if (deadEnd) decisiveStep = uncontain(g, deadEnd.step, fault, config.faultThreshold);
  }
  if (!analyzedAsFailure) decisiveStep = -1;

  const path = propagationPath(g, decisiveStep, boolean.bad, blocked);
  const onPath = new Set(path.path);
  const playerOfStep = stepGame.playerOf;

  const decisive = decisiveStep >= 0 ? decisiveReport(g, decisiveStep, decisiveRule, fault, first, playerOfStep, det.byStep, path.reached, deadEnd, config.faultThreshold) : null;

  // Agent blame: normalized Shapley when the repair game explains the failure; blame flow otherwise.
  const nA = g.agentNames.length;
  const shapleyOf = new Float64Array(nA);
  agentGame.players.forEach((a, p) => (shapleyOf[a] = agentGame.shapley.values[p]));
  const blame = new Float64Array(nA);
  const flowByAgent = new Float64Array(nA);
  for (let v = 0; v < g.n; v++) flowByAgent[g.agentOf[v]] += blameFlow.absorbed[v];
  if (analyzedAsFailure && agentGame.total > 0) for (let a = 0; a < nA; a++) blame[a] = Math.max(0, shapleyOf[a]) / agentGame.total;
  else if (analyzedAsFailure) {
    const total = flowByAgent.reduce((s, x) => s + x, 0);
    if (total > 0) for (let a = 0; a < nA; a++) blame[a] = flowByAgent[a] / total;
  }

  // One story (see one-story.ts): a provenance decision is its own repair game — every independent
  // origin's wrong value must be corrected, a unanimity game whose Shapley value is 1/k per origin
  // agent; otherwise the game's blame, aligned so the decisive agent holds the largest share.
  const originAgents = [...new Set(decision.origins.map((v) => g.agentOf[v]))];
  if (analyzedAsFailure && decision.rule === "value-provenance") {
    blame.fill(0);
    for (const a of originAgents) blame[a] = 1 / originAgents.length;
  }
  if (analyzedAsFailure && decisiveStep >= 0) alignBlame(blame, g.agentOf[decisiveStep], originAgents);

  const budget = budgetConfound(g, det.byStep, environmental, agentGame.repairAllSucceeds, agentGame.failsAsIs, blameFlow.absorbed);
  if (budget) for (let a = 0; a < nA; a++) blame[a] *= 1 - budget.budgetShare;

  // Importance: DyLAN's Agent Importance Score (see dylan-importance.ts), with its drop suggestions.
  const importanceStage = importanceSignals(g, config);
  const importance = importanceStage.perAgent;

  // Roles.
  const culprits = new Set<string>();
  if (decisive) culprits.add(decisive.agent);
  if (decision.rule === "value-provenance") for (const a of originAgents) culprits.add(g.agentNames[a]);
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
  for (let v = 0; v < g.n; v++) if (v !== decisiveStep && boolean.inherited[v] && relays[v]) propagators.add(g.steps[v].agent);
  // Relays of a wrong value the provenance decision named are propagators too.
  if (decision.wrongValues.length) {
    const wrong = new Set(decision.wrongValues);
    for (const r of prov.records) if (r.source === "agent" && wrong.has(r.claim.value) && r.step > decisiveStep) propagators.add(g.steps[r.step].agent);
  }
  const roles = assignRoles({ agents: g.agentNames, culprits, repairers, propagators, missedChecks: missedCheckAgents, suspectOnly: decision.source !== "evidence" });

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
      ? { class: "unchanged" as const, rule: `the concluded answer repeats the value ${decision.wrongValues[0] ?? ""} its origin put forward; the agents after it accepted or relayed it` }
      : classified;

  // Corrupted signals.
  const falseSuccessClaims: FalseSuccessClaim[] = [];
  for (const [v, hits] of [...det.byStep].sort((a, b) => a[0] - b[0]))
    for (const h of hits)
      if (h.name === "false-success-claim" && h.score >= config.faultThreshold)
        falseSuccessClaims.push({ stepId: g.steps[v].id, agent: g.steps[v].agent, score: round(h.score), evidence: h.evidence });
  const approvals = verifierApprovals(g).stats;
  const verificationCollapseRate = approvals.approvals > 0 ? approvals.abandoned / approvals.approvals : 0;

  // Training signals.
  const corrupted = boolean.inherited;
  const training = trainingSignals({ g, config, analyzedAsFailure, fault, decisive: decisiveStep, dist: path.dist, corrective, importance: importanceStage });
  const rewards = training.rewards;

  // Tokens.
  const tokens = new Float64Array(nA);
  g.steps.forEach((s, v) => (tokens[g.agentOf[v]] += s.tokens?.total ?? (s.tokens?.input ?? 0) + (s.tokens?.output ?? 0)));

  const stepReports: StepReport[] = inTraceOrder(g, (s, v) => {
    const p = playerOfStep[v];
    const hits = det.byStep.get(v) ?? [];
    return {
      stepId: s.id,
      sourceRef: s.sourceRef ?? s.id,
      agent: s.agent,
      fault: round(fault[v]),
      detectors: hits.map((h) => ({ name: h.name, score: round(h.score), ...(h.mast ? { mast: h.mast } : {}), evidence: h.evidence })),
      corrupted: corrupted[v] === 1,
      onPath: onPath.has(v),
      responsibility: round(p >= 0 ? resp[p] : 0),
      reward: round(rewards[v]),
      counterfactual: counterfactualNote(g, v, p, local, faulty, first, stepGame.fails, stepGame.players.length, probability[v]),
    };
  });

  const agents: AgentReport[] = g.agentNames.map((name, a) => {
    const stepsOf: string[] = [];
    let flips = 0;
    let maxResp = 0;
    for (let v = 0; v < g.n; v++) {
      if (g.agentOf[v] !== a) continue;
      const p = playerOfStep[v];
      if (p >= 0) {
        stepsOf.push(g.steps[v].id);
        if (first.flips.has(p)) flips++;
        maxResp = Math.max(maxResp, resp[p]);
      }
    }
    const pIndex = agentGame.players.indexOf(a);
    const ci = pIndex >= 0 && agentGame.shapley.method === "sampled" && agentGame.total > 0 ? agentGame.shapley.ci[pIndex].map((x) => round(Math.min(1, Math.max(0, x / agentGame.total)))) : undefined;
    return {
      agent: name,
      blame: round(blame[a]),
      ...(ci ? { blameCi: ci as [number, number] } : {}),
      role: roles.get(name)!,
      tokens: tokens[a],
      blamePer1kTokens: tokens[a] > 0 ? round((blame[a] * 1000) / tokens[a]) : null,
      importance: round(importance[a]),
      lowImportance: importanceStage.low.has(a),
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
  });
  // Ties put the decisive agent first (the named culprit leads the bars).
  const lead = decisive?.agent;
  agents.sort((x, y) => y.blame - x.blame || (x.agent === lead ? -1 : y.agent === lead ? 1 : 0) || (x.agent < y.agent ? -1 : x.agent > y.agent ? 1 : 0));

  const named = (vals: number[]) => Object.fromEntries(agentGame.players.map((a, p) => [g.agentNames[a], round(vals[p])]));
  const decisiveNote = decisive ? decisive.evidence.note : "";
  const report: AnalysisReport = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    engineVersion: ENGINE_VERSION,
    config,
    ...(trace.run.attributes?.["runId"] ? { runId: String(trace.run.attributes["runId"]) } : {}),
    outcome,
    analyzedAsFailure,
    decisive,
    agents,
    steps: stepReports,
    propagationPath: path.path.map((v) => g.steps[v].id),
    channelPath: path.channel,
    interaction,
    decisionSource: decisiveStep >= 0 ? decision.source : "undetermined",
    decision: { rule: decisiveRule, originStepIds: decision.origins.map((v) => g.steps[v].id), wrongValues: decision.wrongValues },
    claims: findings.slice(0, 200).map((f) => ({
      stepId: g.steps[f.step].id,
      agent: g.steps[f.step].agent,
      detector: f.name,
      score: round(f.score),
      value: f.value,
      quote: f.quote.slice(0, 200),
      ...(f.against >= 0 ? { sourceStepId: g.steps[f.against].id } : {}),
      reachesAnswer: f.reachesAnswer,
      note: f.note,
    })),
    flags: {
      falseSuccessClaims,
      verificationCollapseRate: round(verificationCollapseRate),
      tokenBudgetConfound: budget,
      ...confoundFlags({ agents: g.agentNames, tokens, attribution: analyzedAsFailure ? blame : importance, verificationCollapseRate, approvals: approvals.approvals }),
    },
    shapley: {
      method: agentGame.shapley.method,
      samples: agentGame.shapley.samples,
      errorTarget: config.shapleyErrorTarget,
      values: named(agentGame.shapley.values),
      ci: Object.fromEntries(agentGame.players.map((a, p) => [g.agentNames[a], agentGame.shapley.ci[p].map(round) as [number, number]])),
      myerson: agentGame.myersonMethod === "skipped" ? {} : named(agentGame.myerson),
      leaveOneOut: named(agentGame.loo),
      total: agentGame.total,
      players: agentGame.players.map((a) => g.agentNames[a]),
      note:
        agentGame.shapley.method === "exact"
          ? `exact over ${agentGame.players.length} agents with faults`
          : `${agentGame.shapley.samples} antithetic permutations, ±${round(agentGame.shapley.halfWidth)} at δ = ${config.shapleyDelta}; Myerson ${agentGame.myersonMethod}`,
    },
    importance: importanceStage.report,
    verdict: "",
    training: {
      rewards: inTraceOrder(g, (s, v) => ({ stepId: s.id, reward: round(rewards[v]) })).filter((r) => r.reward !== 0),
      preferencePairs: training.preferencePairs,
      normalization: training.normalization,
    },
    warnings: g.warnings,
  };
  report.trajectory = computeTrajectory(trace, { blame: Object.fromEntries(agents.map((a) => [a.agent, a.blame])), importance: report.importance.perAgent });
  report.verdict = writeVerdict({ analyzedAsFailure, decisive, decisiveNote, channel: path.channel, interaction: interaction.class, budget, source: decision.source, outcomeUnknown: outcome === "unknown" });
  return report;
}

/** Maps every step to a value, listed in the trace's step order (the graph may list wrappers later). */
function inTraceOrder<T>(g: EngineGraph, f: (s: EngineGraph["steps"][number], v: number) => T): T[] {
  const out = new Array<T>(g.n);
  for (let v = 0; v < g.n; v++) out[g.traceIndex[v]] = f(g.steps[v], v);
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

function decisiveReport(
  g: EngineGraph,
  v: number,
  rule: string,
  fault: Float64Array,
  first: ReturnType<typeof localizeFirstError>,
  playerOf: Int32Array,
  byStep: ReturnType<typeof runDetectors>["byStep"],
  reached: Uint8Array,
  deadEnd: DeadEnd | null,
  threshold: number,
): DecisiveError {
  const p = playerOf[v];
  const flips = p >= 0 && first.flips.has(p);
  const primacy = p >= 0 && ![...first.flips].some((q) => q < p) && !first.minimalFixSet.some((q) => q < p);
  const nonCorrection = reached[g.sink] === 1;
  // Evidence seen on a container span belongs to the step that produced its output (see uncontain).
  const container = containerOf(g, v, fault, threshold);
  const hits = [...(byStep.get(v) ?? []), ...(container >= 0 ? (byStep.get(container) ?? []) : [])];
  // The origin of a concluded wrong answer is a fault by the run's outcome, whatever the detectors saw.
  const stepFault = Math.max(container >= 0 ? Math.max(fault[v], fault[container]) : fault[v], rule === "answer-origin" ? ANSWER_ORIGIN_FAULT : 0);
  // Confidence by how the decision was reached: provenance and a lone flipping repair are direct
  // evidence; a joint repair is shared by its members; a tie broken by the prior, or a prior alone, is weak.
  // A concluded answer's origin is named by the outcome alone (no checkable contradiction): moderate.
  const factor =
    rule === "earliest-but-for" || rule === "value-provenance"
      ? 1
      : rule === "answer-origin"
        ? 0.75
        : rule === "earliest-of-minimal-fix-set"
        ? 1 / Math.sqrt(Math.max(1, first.minimalFixSet.length))
        : rule === "exposure-tiebreak"
          ? 0.5
          : 0.3;
  const confidence = round(Math.max(0.05, stepFault) * factor * (nonCorrection ? 1 : 0.5));
  const deadEndIds = deadEnd ? [g.steps[deadEnd.repeat].id] : [];
  const stepIds = [g.steps[v].id, ...deadEndIds, ...new Set(hits.flatMap((h) => h.evidence.stepIds))].filter((x, i, a) => a.indexOf(x) === i);
  const detectorNote = hits.length ? hits.map((h) => h.evidence.note).join("; ") : "no detector fired";
  const ruleNote =
    rule === "earliest-but-for"
      ? flips
        ? "repairing it alone flips the outcome"
        : ""
      : rule === "value-provenance"
        ? "earliest origin of a wrong or unsupported value that reaches the final answer (value provenance)"
        : rule === "answer-origin"
          ? "the team concluded with a wrong answer, and this step first put it forward as its own claim; later steps accepted or relayed it"
        : rule === "earliest-of-minimal-fix-set"
          ? `earliest of ${first.minimalFixSet.length} faults that must all be repaired`
          : rule === "exposure-tiebreak"
            ? "several agents' faults must be repaired together; the exposure prior chose among these evidenced candidates (the agent with the most substantive work, its earliest faulty step)"
            : rule === "exposure-prior"
              ? "no evidence explains the failure: weak suspect by the exposure prior (the agent with the most substantive work), low confidence"
              : rule === "largest-blame-flow"
                ? "no evidence explains the failure: weak suspect by backward blame flow, low confidence"
                : "no fault evidence";
  const deadEndNote = deadEnd
    ? deadEnd.noEffect
      ? `step of this agent chosen as an ineffective action: ${g.steps[deadEnd.repeat].id} shows ${deadEnd.resource} almost unchanged`
      : `step of this agent chosen as the entry to a dead end: ${g.steps[deadEnd.repeat].id} is still at ${deadEnd.resource}`
    : "";
  return {
    stepId: g.steps[v].id,
    agent: g.steps[v].agent,
    sourceRef: g.steps[v].sourceRef ?? g.steps[v].id,
    confidence,
    criteria: { fault: round(stepFault), primacy, nonCorrection },
    evidence: { stepIds, note: [detectorNote, ruleNote, deadEndNote].filter(Boolean).join("; ") },
  };
}

function counterfactualNote(g: EngineGraph, v: number, p: number, local: Uint8Array, faulty: Uint8Array, first: ReturnType<typeof localizeFirstError>, fails: boolean, players: number, prob: number): { flips: boolean; note: string } {
  if (faulty[v] && !local[v]) return { flips: false, note: "a symptom of corrupted input: repaired with the upstream origin" };
  if (!local[v]) return { flips: false, note: `not faulty; P(bad) = ${round(prob)}` };
  if (p < 0) return { flips: false, note: `faulty but beyond the ${players} evaluated candidates` };
  if (!fails) return { flips: false, note: "the model does not reach the failure from any fault" };
  if (first.flips.has(p)) return { flips: true, note: "repairing this step alone makes the run succeed" };
  return { flips: false, note: first.minimalFixSet.includes(p) ? "needed in the minimal joint repair" : "other faults still cause the failure" };
}

function budgetConfound(
  g: EngineGraph,
  byStep: ReturnType<typeof runDetectors>["byStep"],
  environmental: Uint8Array,
  repairAllSucceeds: boolean,
  failsAsIs: boolean,
  absorbed: Float64Array,
): TokenBudgetConfound | null {
  const budgetSteps: string[] = [];
  for (const [v, hits] of [...byStep].sort((a, b) => a[0] - b[0])) if (hits.some((h) => h.name === "budget-exhaustion")) budgetSteps.push(g.steps[v].id);
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
    evidence: { stepIds: budgetSteps.slice(0, 20), note: `${budgetSteps.length} step(s) hit a token, context, rate or turn limit: ${stepText(g.steps[g.indexOf.get(budgetSteps[0])!]).slice(0, 80)}` },
  };
}
