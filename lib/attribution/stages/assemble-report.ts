/**
 * Stage 7: the report. Step and agent reports, the decisive step's evidence and confidence, the
 * Shapley/Myerson/leave-one-out tables, flags, training signals, trajectory metrics and the
 * verdict, assembled from the earlier stages' outputs (no new analysis happens here).
 */
import type { TTrace } from "../../trace/schema";
import type { EngineGraph } from "../build-graph";
import type { Provenance } from "../claims/provenance";
import { ENGINE_VERSION } from "../config";
import { containerOf } from "../decision";
import type { DeadEnd } from "../dead-end";
import type { LoopEntry } from "../loop-entry";
import type { runDetectors } from "../detectors";
import type { localizeFirstError } from "../first-error";
import { confoundFlags } from "../confound-flags";
import { computeTrajectory } from "../trajectory";
import { REPORT_SCHEMA_VERSION } from "../report-schema";
import { writeVerdict } from "../verdict";
import type { AnalysisReport, DecisiveError, EngineConfig } from "../types";
import type { Evidence } from "./evidence";
import type { FailureModel } from "./failure-model";
import type { Decided } from "./decide-culprit";
import type { Blame } from "./apportion-blame";
import type { Signals } from "./signals";
import { round6 as round } from "../round6";
import { stepText } from "../build-graph";
import { isAgentUtterance } from "../detectors/patterns";
import { statedPosition } from "../claims/stated-position";
import { deadEndNote, loopNote, RULE_TABLE } from "./rule-table";
import type { RuleName } from "../model/vocabulary";
import { buildAgentReports, buildStepReports, claimReports, inTraceOrder, shapleyTable } from "./report-parts";

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
  const { agentGame, first, stepGame } = m;
  const { decision, decisiveStep, deadEnd, path } = d;
  const decisiveRule = decision.rule;
  const { blame, budget } = b;
  const { interaction, falseSuccessClaims, approvals, verificationCollapseRate, training, tokens } = sig;
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
          { approvedAt: d.decision.approvedAt ?? -1, computedAt: d.decision.computedAt ?? -1 },
          d.loop,
        )
      : null;

  const stepReports = buildStepReports(g, ev, m, sig, onPath);
  const agents = buildAgentReports(g, m, b, sig, decisive?.agent);

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
    decision: {
      rule: decisiveRule,
      originStepIds: decision.origins.map((v) => g.steps[v].id),
      wrongValues: decision.wrongValues,
      ...(decision.computedAt !== undefined ? { computedAtStepId: g.steps[decision.computedAt].id } : {}),
    },
    claims: claimReports(g, findings),
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
    shapley: shapleyTable(g, config, agentGame),
    importance: importanceStage.report,
    verdict: "",
    training: {
      rewards: inTraceOrder(g, (s, v) => ({ stepId: s.id, reward: round(rewards[v]) })).filter((r) => r.reward !== 0),
      preferencePairs: training.preferencePairs,
      normalization: training.normalization,
    },
    warnings: g.warnings,
  };
  report.trajectory = computeTrajectory(trace, {
    blame: Object.fromEntries(agents.map((a) => [a.agent, a.blame])),
    importance: report.importance.perAgent,
  });
  report.verdict = writeVerdict({
    analyzedAsFailure,
    decisive,
    step: decisiveStep >= 0 ? g.traceIndex[decisiveStep] + 1 : 0,
    decisiveNote,
    channel: path.channel,
    interaction: interaction.class,
    budget,
    source: decision.source,
    outcomeUnknown: outcome === "unknown",
    carriedTo: carriedTo(g, d, ev.prov),
  });
  return report;
}

/** Typed values as `stated-values.ts` writes them: an option, a yes or no, a boolean, a name, a list. */
const TYPED_VALUE_RE = /^[oybel]:/;
/** Agent steps read for a position after the decisive step (statedPosition reads at most 4,000 characters of each). */
const MAX_POSITIONS_READ = 1_024;

/**
 * Other agents the error reached from the decisive step, in order of first reach (see `writeVerdict`):
 * steps the path reached, and steps that relayed or computed with a wrong value the decision named.
 */
function carriedTo(g: EngineGraph, d: Decided, prov: Provenance): string[] {
  const { decisiveStep, path, decision } = d;
  if (decisiveStep < 0 || path.channel.length > 0) return [];
  const carried = new Uint8Array(g.n);
  for (let v = 0; v < g.n; v++) if (path.reached[v]) carried[v] = 1;
  const wrong = new Set(decision.wrongValues);
  if (wrong.size)
    for (const r of prov.records)
      if (r.step > decisiveStep && r.source === "agent" && wrong.has(r.claim.value)) carried[r.step] = 1;
  // An answer that is no number (an option, a yes or no, a name) is carried by whoever takes it as their position.
  if (decision.rule === "answer-origin" && [...wrong].some((w) => TYPED_VALUE_RE.test(w))) {
    let read = 0;
    for (let v = decisiveStep + 1; v < g.n && read < MAX_POSITIONS_READ; v++) {
      if (carried[v] || !isAgentUtterance(g, v)) continue;
      read++;
      const position = statedPosition(stepText(g.steps[v]));
      if (position && wrong.has(position.value)) carried[v] = 1;
    }
  }
  const culprit = g.agentOf[decisiveStep];
  const seen = new Uint8Array(g.agentNames.length);
  const out: string[] = [];
  for (let v = 0; v < g.n; v++) {
    const a = g.agentOf[v];
    if (v === decisiveStep || !carried[v] || a === culprit || seen[a]) continue;
    seen[a] = 1;
    out.push(g.agentNames[a]);
  }
  return out;
}

function decisiveReport(
  g: EngineGraph,
  v: number,
  rule: RuleName | "none",
  fault: Float64Array,
  first: ReturnType<typeof localizeFirstError>,
  playerOf: Int32Array,
  byStep: ReturnType<typeof runDetectors>["byStep"],
  reached: Uint8Array,
  deadEnd: DeadEnd | null,
  threshold: number,
  marks: { approvedAt: number; computedAt: number },
  loop: LoopEntry | null = null,
): DecisiveError {
  const p = playerOf[v];
  const flips = p >= 0 && first.flips.has(p);
  const primacy = p >= 0 && ![...first.flips].some((q) => q < p) && !first.minimalFixSet.some((q) => q < p);
  const nonCorrection = reached[g.sink] === 1;
  // Evidence seen on a container span belongs to the step that produced its output (see uncontain).
  const container = containerOf(g, v, fault, threshold);
  // So does a loop's: the repeats show what was wrong at its entry.
  const also = [container, loop?.repeat ?? -1].filter((u) => u >= 0);
  const hits = [...(byStep.get(v) ?? []), ...also.flatMap((u) => byStep.get(u) ?? [])];
  const row = RULE_TABLE[rule];
  const { approvedAt } = marks;
  const facts = { g, first, flips, ...marks };
  const stepFault = Math.max(fault[v], ...also.map((u) => fault[u]), row.faultByOutcome ? ANSWER_ORIGIN_FAULT : 0);
  const factor = row.factor(facts);
  const confidence = round(Math.max(0.05, stepFault) * factor * (nonCorrection ? 1 : 0.5));
  const deadEndIds = deadEnd ? [g.steps[deadEnd.repeat].id] : [];
  const approvalIds = approvedAt >= 0 ? [g.steps[approvedAt].id] : [];
  const stepIds = [
    g.steps[v].id,
    ...approvalIds,
    ...deadEndIds,
    ...new Set(hits.flatMap((h) => h.evidence.stepIds)),
  ].filter((x, i, a) => a.indexOf(x) === i);
  // A loop's repeats are told by the loop note ("step 53 repeats what it first said here"): their own
  // "repeats <this step>" would read as the entry repeating itself.
  const repeats = loop ? (byStep.get(loop.repeat) ?? []).filter((h) => h.name === "repetition-loop") : [];
  const told = hits.filter((h) => !repeats.includes(h));
  const detectorNote = told.length ? told.map((h) => h.evidence.note).join("; ") : loop ? "" : "no detector fired";
  const ruleNote = row.note(facts);
  const deadEndText = deadEndNote(g, deadEnd) || loopNote(g, loop);
  return {
    stepId: g.steps[v].id,
    agent: g.steps[v].agent,
    sourceRef: g.steps[v].sourceRef ?? g.steps[v].id,
    confidence,
    criteria: { fault: round(stepFault), primacy, nonCorrection },
    evidence: { stepIds, note: [detectorNote, ruleNote, deadEndText].filter(Boolean).join("; ") },
  };
}
