/**
 * Exact Shapley values of the repair game from real replays (§6, §9.8): v(S) = 1 when resampling
 * the agents in S makes the run succeed, v(∅) = 0 (the original failure). 2^n − 1 replays, so at
 * most MAX_REPLAY_SHAPLEY_PLAYERS players; efficiency Σφ = v(N) − v(∅) holds exactly.
 */
import type { ReplayFn } from "../protocol";

export const MAX_REPLAY_SHAPLEY_PLAYERS = 4;

export interface ReplayShapleyResult {
  players: string[];
  values: Record<string, number>;
  /** v(S) for every coalition, keyed by the sorted member list joined with "+" ("" for ∅). */
  coalitions: Record<string, number>;
  total: number;
}

export async function replayShapley(players: readonly string[], replay: ReplayFn): Promise<ReplayShapleyResult> {
  const n = players.length;
  if (n > MAX_REPLAY_SHAPLEY_PLAYERS)
    throw new Error(`Shapley from replays takes at most ${MAX_REPLAY_SHAPLEY_PLAYERS} agents (2^n replays); got ${n}`);
  const v = new Float64Array(1 << n);
  const members = (mask: number) => players.filter((_, i) => mask & (1 << i));
  for (let mask = 1; mask < 1 << n; mask++) {
    const outcome = await replay(members(mask).map((agent) => ({ agent, mode: "resample" as const })));
    v[mask] = outcome === "success" ? 1 : 0;
  }
  const fact = [1];
  for (let k = 1; k <= n; k++) fact[k] = fact[k - 1] * k;
  const values: Record<string, number> = {};
  players.forEach((p, i) => {
    let phi = 0;
    for (let mask = 0; mask < 1 << n; mask++) {
      if (mask & (1 << i)) continue;
      const s = popcount(mask);
      phi += ((fact[s] * fact[n - s - 1]) / fact[n]) * (v[mask | (1 << i)] - v[mask]);
    }
    values[p] = Math.round(phi * 1e6) / 1e6;
  });
  const coalitions: Record<string, number> = {};
  for (let mask = 0; mask < 1 << n; mask++) coalitions[[...members(mask)].sort().join("+")] = v[mask];
  return { players: [...players], values, coalitions, total: v[(1 << n) - 1] - v[0] };
}

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}
