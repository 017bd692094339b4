/**
 * Per-message training signals (docs/methods.md, "Training signals": our reconstruction of Yang et al., arXiv 2511.10687: "local,
 * signed, credit-conserving", "bounded", "repair-aware"). Rewards land only on policy outputs (agent
 * messages), never on tool outputs, state reads or the task giver: nothing can be trained on those.
 *
 * Failure: raw blame 1 at the decisive step (at the message that called it when it is a tool output),
 * w_a ∈ (0, 1] at each co-culprit's faulty step (its blame relative to the decisive agent's, so the
 * failure's −1 is shared in proportion to blame) and γ^d on contaminated agent messages at hop
 * distance d after the decisive step; effective corrective attempts
 * share +β. Normalization ("total blame mass −1",
 * mirroring credit conservation): the negative rewards are scaled to sum to −(1 + β_used), so the
 * total over all messages is exactly −1 and |r| ≤ 1 + β.
 *
 * Success: each agent's credit φ_a is split over its messages by contribution × (1 − redundancy),
 * then zero-mean redundancy/sabotage penalties are added with the largest κ ∈ [0,1] that keeps
 * |r| ≤ B. When some base share alone exceeds B (one message carrying φ_a = 0.8 with B = 0.3, review
 * §2g), every base share is first multiplied by one run-wide factor c = B / max|r⁰| < 1: each agent
 * keeps Σ_m r_m = c·φ_a, so credit stays proportional across agents and |r| ≤ B holds for any φ.
 */
import type { EngineGraph } from "./build-graph";
import type { EngineConfig, PreferencePair } from "./types";
import { jaccard } from "./text-features";
import type { CorrectiveAttempt } from "./corrective-attempts";

/** Redundancy compares a message with this many earlier messages (keeps it linear). */
const REDUNDANCY_WINDOW = 8;

export interface FailureRewardInput {
  decisive: number;
  dist: Int32Array;
  corrective: CorrectiveAttempt[];
  /** Steps that are policy outputs (agent messages): the only ones that get a reward. */
  isMessage: (v: number) => boolean;
  /** The message a non-message step came from (a tool output's call), or the step itself; defaults to the step. */
  policyStepOf?: (v: number) => number;
  /**
   * Other culprits' faulty steps with their blame relative to the decisive agent's (in (0, 1]): a
   * co-culprit's step gets raw blame equal to that weight, so the −1 is shared in proportion to blame.
   */
  coOrigins?: { step: number; weight: number }[];
}

export function failureRewards(g: EngineGraph, x: FailureRewardInput, config: EngineConfig): Float64Array {
  const r = new Float64Array(g.n);
  if (x.decisive < 0) return r;
  const blame = new Float64Array(g.n);
  // A decisive tool output is the fault of the message that called it: that is what can be trained.
  const origin = x.isMessage(x.decisive) ? x.decisive : (x.policyStepOf?.(x.decisive) ?? -1);
  if (origin < 0 || !x.isMessage(origin)) return r;
  blame[origin] = 1;
  for (let v = x.decisive + 1; v < g.n; v++)
    if (x.dist[v] > 0 && x.isMessage(v)) blame[v] = Math.pow(config.rewardDiscount, x.dist[v]);
  for (const co of x.coOrigins ?? []) {
    const step = x.isMessage(co.step) ? co.step : (x.policyStepOf?.(co.step) ?? -1);
    if (step >= 0 && x.isMessage(step)) blame[step] = Math.max(blame[step], Math.min(1, Math.max(0, co.weight)));
  }
  const helpers = new Set<number>();
  for (const c of x.corrective) if (c.effective && c.step > x.decisive && x.isMessage(c.step)) helpers.add(c.step);
  for (const h of helpers) blame[h] = 0;
  const bonus = helpers.size > 0 ? config.correctiveBonus : 0;
  let mass = 0;
  for (let v = 0; v < g.n; v++) mass += blame[v];
  for (let v = 0; v < g.n; v++) if (blame[v] > 0) r[v] = (-(1 + bonus) * blame[v]) / mass;
  for (const h of helpers) r[h] = bonus / helpers.size;
  return r;
}

export interface SuccessRewardInput {
  /** Credit per agent index (sums to v(N) − v(∅)). */
  credit: Float64Array;
  /** Contribution of each step (e.g. its DyLAN importance). */
  contribution: Float64Array;
  /** 1 when removing the step would help (a fault), the sabotage proxy. */
  sabotage: Uint8Array;
  /** Steps that count as messages. */
  isMessage: (v: number) => boolean;
}

export interface SuccessRewards {
  rewards: Float64Array;
  /** The run-wide factor c ≤ 1 applied to every agent's credit so that |r| ≤ B (1 when no scaling was needed). */
  scale: number;
}

export function successRewards(g: EngineGraph, x: SuccessRewardInput, config: EngineConfig): SuccessRewards {
  const r = new Float64Array(g.n);
  const byAgent = new Map<number, number[]>();
  const recent: number[] = [];
  const redundancy = new Float64Array(g.n);
  for (let v = 0; v < g.n; v++) {
    if (!x.isMessage(v)) continue;
    let rho = 0;
    for (const u of recent) rho = Math.max(rho, jaccard(g.features[v].tokens, g.features[u].tokens));
    redundancy[v] = rho;
    recent.push(v);
    if (recent.length > REDUNDANCY_WINDOW) recent.shift();
    const list = byAgent.get(g.agentOf[v]) ?? [];
    list.push(v);
    byAgent.set(g.agentOf[v], list);
  }
  const base = new Float64Array(g.n);
  let largest = 0;
  for (const [a, msgs] of byAgent) {
    const phi = x.credit[a];
    const u = msgs.map((m) => Math.max(0, x.contribution[m]) * (1 - redundancy[m]));
    const su = u.reduce((s, y) => s + y, 0);
    msgs.forEach((m, i) => {
      base[m] = su > 1e-12 ? (phi * u[i]) / su : phi / msgs.length;
      largest = Math.max(largest, Math.abs(base[m]));
    });
  }
  const scale = largest > config.rewardBound ? config.rewardBound / largest : 1;
  for (const msgs of byAgent.values()) {
    const b = msgs.map((m) => base[m] * scale);
    const pen = msgs.map((m) => -config.redundancyPenalty * redundancy[m] - config.sabotagePenalty * x.sabotage[m]);
    const mean = pen.reduce((s, y) => s + y, 0) / pen.length;
    const centred = pen.map((p) => p - mean);
    let kappa = 1;
    centred.forEach((p, i) => {
      if (p === 0) return;
      const limit = p > 0 ? (config.rewardBound - b[i]) / p : (-config.rewardBound - b[i]) / p;
      kappa = Math.min(kappa, Math.max(0, limit));
    });
    msgs.forEach((m, i) => (r[m] = b[i] + kappa * centred[i]));
  }
  return { rewards: r, scale };
}

/**
 * Repair-aware preference pairs (docs/methods.md), emitted only when a real alternative output exists for
 * the same context; otherwise the run yields rewards only:
 * - an alternative o′ for a step supplied from outside (a replay or a judge's proposed fix);
 * - the same agent's revision of a rejected message (an effective rejection: it answered the same
 *   request again, now with the rejected values changed), preferred over the rejected original;
 * - the same agent's retry whose call succeeded, preferred over its request whose call failed (the
 *   failed tool result is the rejection).
 * The context of a pair is the conversation before the rejected step (`contextStepId` names that
 * step; exporters take its recorded `input`, else the transcript before it), never its own text.
 */
export function preferencePairs(
  g: EngineGraph,
  corrective: CorrectiveAttempt[],
  alternatives: ReadonlyMap<number, string> = new Map(),
): PreferencePair[] {
  const pairs: PreferencePair[] = [];
  const seen = new Set<number>();
  for (const [v, text] of [...alternatives].sort((a, b) => a[0] - b[0]))
    if (text.trim() && text !== g.steps[v].content) {
      seen.add(v);
      pairs.push({
        contextStepId: g.steps[v].id,
        chosenStepId: g.steps[v].id,
        rejectedStepId: g.steps[v].id,
        kind: "alternative-over-original",
        chosenText: text,
        note: "an alternative output supplied for the same context (replay or judge)",
      });
    }
  for (const c of corrective) {
    if (
      !c.effective ||
      c.revision === undefined ||
      seen.has(c.corrects) ||
      g.agentOf[c.revision] !== g.agentOf[c.corrects]
    )
      continue;
    seen.add(c.corrects);
    pairs.push({
      contextStepId: g.steps[c.corrects].id,
      chosenStepId: g.steps[c.revision].id,
      rejectedStepId: g.steps[c.corrects].id,
      kind: "corrective-over-passive",
      note:
        c.revision === c.step
          ? `${g.steps[c.revision].id} retried the request of ${g.steps[c.corrects].id}, whose call failed, and its call succeeded`
          : `${g.steps[c.revision].id} revised the work ${g.steps[c.step].id} rejected`,
    });
  }
  return pairs;
}
