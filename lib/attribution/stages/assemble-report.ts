/**
 * Stage 7: the report. Step and agent reports, the decisive step's evidence and confidence, the
 * Shapley/Myerson/leave-one-out tables, flags, training signals, trajectory metrics and the
 * verdict, assembled from the earlier stages' outputs (no new analysis happens here).
 */
import type { TTrace } from "../../trace/schema";
import type { EngineGraph } from "../build-graph";
import { ENGINE_VERSION } from "../config";
import { containerOf } from "../decision";
import type { DeadEnd } from "../dead-end";
import type { runDetectors } from "../detectors";
import type { localizeFirstError } from "../first-error";
import { confoundFlags } from "../confound-flags";
import { computeTrajectory } from "../trajectory";
import { REPORT_SCHEMA_VERSION } from "../report-schema";
import { writeVerdict } from "../verdict";
import type { AgentReport, AnalysisReport, DecisiveError, EngineConfig, StepReport } from "../types";
import type { Evidence } from "./evidence";
import type { FailureModel } from "./failure-model";
import type { Decided } from "./decide-culprit";
import type { Blame } from "./apportion-blame";
import type { Signals } from "./signals";
import { round6 as round } from "../round6";

/**
 * The fault of a concluded wrong answer's origin, or of what a missed check approved: the
 * unsourced-value-in-answer score (claim-findings.ts), the same kind of evidence (a value that
 * turned out wrong, traced to where it entered).
 */
const ANSWER_ORIGIN_FAULT = 0.6;

export function assembleReport(
  trace: TTrace,
  config: EngineConfig,
  g: EngineGraph,
  ev: Evidence,
  m: FailureModel,
  d: Decided,
  b: Blame,
  sig: Signals,
): AnalysisReport {
  const { det, findings, analyzedAsFailure } = ev;
  const fault = det.fault;
  const { agentGame, first, stepGame, resp, boolean, probability, faulty } = m;
  const local = boolean.origins;
  const corrupted = boolean.inherited;
  const { decision, decisiveStep, deadEnd, path } = d;
  const decisiveRule: string = decision.rule;
  const { blame, shapleyOf, flowByAgent, budget } = b;
  const { roles, interaction, falseSuccessClaims, approvals, verificationCollapseRate, training, tokens } = sig;
  const importanceStage = sig.importance;
  const importance = importanceStage.perAgent;
  const rewards = training.rewards;
  const outcome = trace.run.outcome;
  const onPath = new Set(path.path);
  const playerOfStep = stepGame.playerOf;
  const decisive =
    decisiveStep >= 0
      ? decisiveReport(
          g,
          decisiveStep,
          decisiveRule,
          fault,
          first,
          playerOfStep,
          det.byStep,
          path.reached,
          deadEnd,
          config.faultThreshold,
          d.decision.approvedAt,
        )
      : null;

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
      ...confoundFlags({
        agents: g.agentNames,
        tokens,
        attribution: analyzedAsFailure ? blame : importance,
        verificationCollapseRate,
        approvals: approvals.approvals,
      }),
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
  report.verdict = writeVerdict({
    analyzedAsFailure,
    decisive,
    decisiveNote,
    channel: path.channel,
    interaction: interaction.class,
    budget,
    source: decision.source,
    outcomeUnknown: outcome === "unknown",
  });
  return report;
}

/** Maps every step to a value, listed in the trace's step order (the graph may list wrappers later). */
function inTraceOrder<T>(g: EngineGraph, f: (s: EngineGraph["steps"][number], v: number) => T): T[] {
  const out = new Array<T>(g.n);
  for (let v = 0; v < g.n; v++) out[g.traceIndex[v]] = f(g.steps[v], v);
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
  approvedAt = -1,
): DecisiveError {
  const p = playerOf[v];
  const flips = p >= 0 && first.flips.has(p);
  const primacy = p >= 0 && ![...first.flips].some((q) => q < p) && !first.minimalFixSet.some((q) => q < p);
  const nonCorrection = reached[g.sink] === 1;
  // Evidence seen on a container span belongs to the step that produced its output (see uncontain).
  const container = containerOf(g, v, fault, threshold);
  const hits = [...(byStep.get(v) ?? []), ...(container >= 0 ? (byStep.get(container) ?? []) : [])];
  // The origin of a concluded wrong answer is a fault by the run's outcome, whatever the detectors saw.
  const stepFault = Math.max(
    container >= 0 ? Math.max(fault[v], fault[container]) : fault[v],
    rule === "answer-origin" || rule === "approved-origin" ? ANSWER_ORIGIN_FAULT : 0,
  );
  // Confidence by how the decision was reached: provenance and a lone flipping repair are direct
  // evidence; a joint repair is shared by its members; a tie broken by the prior, or a prior alone, is weak.
  // A concluded answer's origin is named by the outcome alone (no checkable contradiction): moderate.
  const factor =
    rule === "earliest-but-for" || rule === "value-provenance"
      ? 1
      : rule === "answer-origin" || rule === "approved-origin"
        ? 0.75
        : rule === "earliest-of-minimal-fix-set"
          ? 1 / Math.sqrt(Math.max(1, first.minimalFixSet.length))
          : rule === "exposure-tiebreak"
            ? 0.5
            : 0.3;
  const confidence = round(Math.max(0.05, stepFault) * factor * (nonCorrection ? 1 : 0.5));
  const deadEndIds = deadEnd ? [g.steps[deadEnd.repeat].id] : [];
  const approvalIds = approvedAt >= 0 ? [g.steps[approvedAt].id] : [];
  const stepIds = [g.steps[v].id, ...approvalIds, ...deadEndIds, ...new Set(hits.flatMap((h) => h.evidence.stepIds))].filter((x, i, a) => a.indexOf(x) === i);
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
          : rule === "approved-origin"
            ? `the failure turns on an approval that checked nothing (${approvedAt >= 0 ? `${g.steps[approvedAt].agent} at ${g.steps[approvedAt].id}` : "a later step"}); this step put forward what was approved, so the error entered here and the approver missed it`
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

function counterfactualNote(
  g: EngineGraph,
  v: number,
  p: number,
  local: Uint8Array,
  faulty: Uint8Array,
  first: ReturnType<typeof localizeFirstError>,
  fails: boolean,
  players: number,
  prob: number,
): { flips: boolean; note: string } {
  if (faulty[v] && !local[v]) return { flips: false, note: "a symptom of corrupted input: repaired with the upstream origin" };
  if (!local[v]) return { flips: false, note: `not faulty; P(bad) = ${round(prob)}` };
  if (p < 0) return { flips: false, note: `faulty but beyond the ${players} evaluated candidates` };
  if (!fails) return { flips: false, note: "the model does not reach the failure from any fault" };
  if (first.flips.has(p)) return { flips: true, note: "repairing this step alone makes the run succeed" };
  return { flips: false, note: first.minimalFixSet.includes(p) ? "needed in the minimal joint repair" : "other faults still cause the failure" };
}
