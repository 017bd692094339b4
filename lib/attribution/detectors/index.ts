/**
 * Runs every detector and combines their scores per step with noisy-OR:
 * fault(v) = 1 − Π(1 − s_k), capped at 0.99 (no offline evidence is certain).
 */
import type { DetectorContext, DetectorHit } from "./types";
import { callerOf } from "./patterns";
import { detectToolFailure } from "./tool-failure";
import { detectFalseSuccessClaim } from "./false-success-claim";
import { detectUngroundedValues } from "./ungrounded-values";
import { detectContradiction } from "./contradiction";
import { detectInstructionDrift } from "./instruction-drift";
import { detectAbandonedVerification } from "./abandoned-verification";
import { detectRepetitionLoop } from "./repetition-loop";
import { detectPrematureTermination } from "./premature-termination";
import { detectBudgetExhaustion } from "./budget-exhaustion";
import { detectGroundTruthDivergence } from "./ground-truth-divergence";
import { detectExtraEvidence } from "./extra-evidence";
import { detectUnmetInstruction } from "./unmet-instruction";
import { detectUnaskedAction } from "./unasked-action";
import { detectMiscomputedAggregate } from "./miscomputed-aggregate";
import { detectEmptyReply } from "./empty-reply";
import { detectMissingState } from "./missing-state";
import { detectUnfoundedRejection } from "./unfounded-rejection";
import { detectRequestReversal } from "./request-reversal";
import { detectClosingRequest } from "./closing-request";
import { detectPrematureStop } from "./premature-stop";
import { detectRequestedDeparture } from "./requested-departure";
import { detectOverreachingCall } from "./overreaching-call";
import { detectUnconfirmedAction } from "./unconfirmed-action";
import { findingOff } from "../ablation";
import { settingSpeakers } from "../model/participants";

export const DETECTORS = [
  detectToolFailure,
  detectFalseSuccessClaim,
  detectUngroundedValues,
  detectContradiction,
  detectInstructionDrift,
  detectAbandonedVerification,
  detectRepetitionLoop,
  detectPrematureTermination,
  detectBudgetExhaustion,
  detectGroundTruthDivergence,
  detectExtraEvidence,
  detectUnmetInstruction,
  detectUnaskedAction,
  detectMiscomputedAggregate,
  detectEmptyReply,
  detectMissingState,
  detectRequestReversal,
  detectRequestedDeparture,
  detectOverreachingCall,
  detectUnconfirmedAction,
  detectClosingRequest,
  detectPrematureStop,
];

export interface DetectorResults {
  /** Hits grouped by step index, in detector order. */
  byStep: Map<number, DetectorHit[]>;
  fault: Float64Array;
  /** Steps whose only evidence is environmental (budget, unavailable service), kept out of agent blame. */
  environmental: Uint8Array;
  /** Steps whose only evidence may be a symptom of corrupted input (see `DetectorHit.dependent`). */
  dependent: Uint8Array;
}

export function runDetectors(ctx: DetectorContext): DetectorResults {
  const byStep = new Map<number, DetectorHit[]>();
  const setting = settingSpeakers(ctx.g);
  const add = (raw: DetectorHit) => {
    if (findingOff(ctx.g, raw.name)) return;
    // What the setting's speakers write (the task giver, scaffolding, a run's driver: `settingSpeakers`)
    // is what the agents work in, never a fault of theirs ("Round 2" is no value a driver introduced).
    if (setting.has(ctx.g.agentOf[raw.step])) return;
    // Tools run what they are given: a fault seen on a tool agent's output belongs to its caller.
    const hit = ctx.g.toolAgents.has(ctx.g.agentOf[raw.step]) ? { ...raw, step: callerOf(ctx.g, raw.step) } : raw;
    const list = byStep.get(hit.step) ?? [];
    list.push(hit);
    byStep.set(hit.step, list);
  };
  for (const detect of DETECTORS) for (const raw of detect(ctx)) add(raw);
  for (const raw of ctx.precomputed ?? []) add(raw);
  // Second pass: detectors that judge a step by the evidence found everywhere else.
  for (const raw of detectUnfoundedRejection(ctx, noisyOr(ctx.g.n, byStep))) add(raw);
  const fault = new Float64Array(ctx.g.n);
  const environmental = new Uint8Array(ctx.g.n);
  const dependent = new Uint8Array(ctx.g.n);
  fault.set(noisyOr(ctx.g.n, byStep));
  for (const [step, hits] of byStep) {
    environmental[step] = hits.every((h) => h.environmental) ? 1 : 0;
    // Weak independent evidence (below the threshold on its own) does not make a symptom an origin.
    let own = 1;
    for (const h of hits) if (!h.dependent && !h.environmental) own *= 1 - h.score;
    dependent[step] = 1 - own < ctx.config.faultThreshold && hits.some((h) => h.dependent) ? 1 : 0;
  }
  return { byStep, fault, environmental, dependent };
}

/** Fault per step: noisy-OR of its hits, capped at 0.99. */
function noisyOr(n: number, byStep: Map<number, DetectorHit[]>): Float64Array {
  const fault = new Float64Array(n);
  for (const [step, hits] of byStep) {
    let clean = 1;
    for (const h of hits) clean *= 1 - h.score;
    fault[step] = Math.min(0.99, 1 - clean);
  }
  return fault;
}
