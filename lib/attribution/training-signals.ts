/**
 * Per-message training signals (docs §4 reconstruction of Yang et al., arXiv 2511.10687).
 * Failure: −1 at the decisive step, −γ^d along contaminated descendants at hop distance d, +β for
 * corrective attempts after it, 0 elsewhere. Success: each agent's credit φ_a is split over its
 * messages by contribution × (1 − redundancy), then zero-mean redundancy/sabotage penalties are
 * added with the largest κ ∈ [0,1] that keeps |r| ≤ B, so Σ_m r_m = φ_a exactly.
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
}

export function failureRewards(g: EngineGraph, x: FailureRewardInput, config: EngineConfig): Float64Array {
  const r = new Float64Array(g.n);
  if (x.decisive < 0) return r;
  for (let v = x.decisive + 1; v < g.n; v++) if (x.dist[v] > 0) r[v] = -Math.pow(config.rewardDiscount, x.dist[v]);
  for (const c of x.corrective) if (c.step > x.decisive) r[c.step] = config.correctiveBonus;
  r[x.decisive] = -1;
  return r;
}

export interface SuccessRewardInput {
  /** Credit per agent index (sums to v(N) − v(∅)). */
  credit: Float64Array;
  /** Contribution of each step (e.g. absorbed credit flow). */
  contribution: Float64Array;
  /** 1 when removing the step would help (a fault), the sabotage proxy. */
  sabotage: Uint8Array;
  /** Steps that count as messages. */
  isMessage: (v: number) => boolean;
}

export function successRewards(g: EngineGraph, x: SuccessRewardInput, config: EngineConfig): Float64Array {
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
  for (const [a, msgs] of byAgent) {
    const phi = x.credit[a];
    const u = msgs.map((m) => Math.max(0, x.contribution[m]) * (1 - redundancy[m]));
    const su = u.reduce((s, y) => s + y, 0);
    const base = msgs.map((_, i) => (su > 1e-12 ? (phi * u[i]) / su : phi / msgs.length));
    const pen = msgs.map((m) => -config.redundancyPenalty * redundancy[m] - config.sabotagePenalty * x.sabotage[m]);
    const mean = pen.reduce((s, y) => s + y, 0) / pen.length;
    const centred = pen.map((p) => p - mean);
    let kappa = 1;
    centred.forEach((p, i) => {
      if (p === 0) return;
      const limit = p > 0 ? (config.rewardBound - base[i]) / p : (-config.rewardBound - base[i]) / p;
      kappa = Math.min(kappa, Math.max(0, limit));
    });
    msgs.forEach((m, i) => (r[m] = base[i] + kappa * centred[i]));
  }
  return r;
}

/** Repair-aware preference pairs: a corrective attempt is preferred over the passive continuation of the same context. */
export function preferencePairs(g: EngineGraph, corrective: CorrectiveAttempt[], decisive: number, dist: Int32Array): PreferencePair[] {
  const pairs: PreferencePair[] = [];
  const correctiveSteps = new Set(corrective.map((c) => c.step));
  for (const c of corrective) {
    let passive = -1;
    for (let v = c.corrects + 1; v < g.n && passive < 0; v++) if (v !== c.step && !correctiveSteps.has(v) && dist[v] > 0) passive = v;
    if (passive < 0) continue;
    pairs.push({ contextStepId: g.steps[c.corrects].id, chosenStepId: g.steps[c.step].id, rejectedStepId: g.steps[passive].id, kind: "corrective-over-passive", note: c.note });
  }
  if (decisive >= 0) {
    // The same agent's nearest earlier clean message is a weak "chosen" for the decisive context.
    for (let v = decisive - 1; v >= 0; v--)
      if (g.agentOf[v] === g.agentOf[decisive] && dist[v] < 0 && g.features[v].tokens.size > 0) {
        pairs.push({ contextStepId: g.steps[decisive].id, chosenStepId: g.steps[v].id, rejectedStepId: g.steps[decisive].id, kind: "clean-over-decisive", note: "same agent's last clean message preferred over the decisive error" });
        break;
      }
  }
  return pairs;
}
