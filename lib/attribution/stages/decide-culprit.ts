/**
 * Stage 4: the decision (see `decision.ts`): value provenance first, then a concluded answer's
 * origin, then the repair model, a prior last; then which step of the chosen agent (a dead end it
 * walked into), and the propagation path from the decisive step to the outcome.
 */
import type { EngineGraph } from "../build-graph";
import { decide, uncontain, type Decision } from "../decision";
import { firstDeadEnd, type DeadEnd } from "../dead-end";
import { loopEntry, type LoopEntry } from "../loop-entry";
import { propagationPath } from "../propagation-path";
import type { EngineConfig } from "../types";
import { ruleOff } from "../ablation";
import type { Evidence } from "./evidence";
import type { FailureModel } from "./failure-model";

export interface Decided {
  decision: Decision;
  /** The decisive step (−1 when the run is not analyzed as a failure or nothing was decided). */
  decisiveStep: number;
  deadEnd: DeadEnd | null;
  /** When the decisive step only repeated an earlier step of its agent: that first occurrence. */
  loop: LoopEntry | null;
  path: ReturnType<typeof propagationPath>;
}

export function decideCulprit(g: EngineGraph, config: EngineConfig, ev: Evidence, m: FailureModel): Decided {
  const { det, prov, findings, analyzedAsFailure } = ev;
  const decision = decide({
    g,
    failed: analyzedAsFailure,
    findings,
    prov,
    fault: det.fault,
    threshold: config.faultThreshold,
    first: m.first,
    stepGame: m.stepGame,
    absorbed: m.blameFlow.absorbed,
    inherited: m.boolean.inherited,
    origins: m.boolean.origins,
    hitNames: (v) =>
      (det.byStep.get(v) ?? []).filter((h) => h.score >= config.faultThreshold || !h.dependent).map((h) => h.name),
  });
  let decisiveStep = decision.step;
  // Which step of the chosen agent, when no evidence singled one out: a dead end the agent walked
  // into (see dead-end.ts) is evidence for the step that caused it over the earliest flag. Provenance,
  // a lone flipping repair and a concluded answer's origin each name their step already.
  let deadEnd: DeadEnd | null = null;
  if (
    decisiveStep >= 0 &&
    decision.rule !== "earliest-but-for" &&
    decision.rule !== "value-provenance" &&
    decision.rule !== "answer-origin" &&
    decision.rule !== "approved-origin" &&
    !ruleOff(g, "dead-end")
  ) {
    deadEnd = firstDeadEnd(g, g.agentOf[decisiveStep]);
    if (deadEnd) decisiveStep = uncontain(g, deadEnd.step, det.fault, config.faultThreshold);
  }
  // A decisive step whose only evidence is that it repeats: where the repeated content first
  // appeared (see loop-entry.ts). Evidence of any other kind names its own step.
  const loop =
    decisiveStep >= 0 && !deadEnd && !ruleOff(g, "loop-entry")
      ? loopEntry(g, det.byStep, decisiveStep, config.faultThreshold)
      : null;
  if (loop) decisiveStep = uncontain(g, loop.step, det.fault, config.faultThreshold);
  if (!analyzedAsFailure) decisiveStep = -1;
  const path = propagationPath(g, decisiveStep, m.boolean.bad, m.blocked);
  return { decision, decisiveStep, deadEnd, loop, path };
}
