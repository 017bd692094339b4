/**
 * The agent-level repair game for Shapley blame (docs §9.4.3): players are the agents with at least
 * one faulty step; v(S) = 1[the run succeeds when every fault of the agents in S is repaired] −
 * 1[it succeeds with nothing repaired]. Environmental faults (budget) belong to no agent and are
 * never repaired. Evaluated on the condensed model, so each coalition costs O(gates), not O(steps).
 */
import { buildCondensedModel, failsWithFixed, playerSet } from "./condensed-model";
import type { PropagationInput } from "./propagation";
import { graphRestricted, leaveOneOut, shapleyValues, type CoalitionValue, type ShapleyResult } from "./shapley";
import type { EngineConfig } from "./types";

export interface AgentGameResult {
  /** Agent indices of the players. */
  players: number[];
  shapley: ShapleyResult;
  myerson: number[];
  myersonMethod: "exact" | "sampled";
  loo: number[];
  /** v(N) − v(∅). */
  total: number;
  /** Whether repairing every agent fault makes the run succeed. */
  repairAllSucceeds: boolean;
  /** Whether the run fails with nothing repaired, per the model. */
  failsAsIs: boolean;
  /** Agent indices whose repair alone flips the outcome (one-agent-at-a-time intervention). */
  soloFlips: number[];
  value: CoalitionValue;
}

/** Myerson sampling is O(n²) per coalition; it gets a smaller permutation budget than Shapley. */
const MYERSON_MAX_PERMUTATIONS = 400;

export function playAgentGame(input: PropagationInput, local: Uint8Array, environmental: Uint8Array, config: EngineConfig): AgentGameResult {
  const { g } = input;
  const isPlayer = new Map<number, number>();
  const players: number[] = [];
  for (let v = 0; v < g.n; v++)
    if (local[v] && !environmental[v] && !isPlayer.has(g.agentOf[v])) {
      isPlayer.set(g.agentOf[v], -1);
      players.push(g.agentOf[v]);
    }
  players.sort((a, b) => a - b);
  players.forEach((a, p) => isPlayer.set(a, p));
  const playerOf = new Int32Array(g.n).fill(-1);
  for (let v = 0; v < g.n; v++) if (local[v] && !environmental[v]) playerOf[v] = isPlayer.get(g.agentOf[v])!;
  const model = buildCondensedModel(input, local, playerOf, players.length);
  const failsAsIs = failsWithFixed(model, playerSet(model));
  const base = failsAsIs ? 0 : 1;
  const n = players.length;
  const fixed = playerSet(model);
  const value: CoalitionValue = (members) => {
    fixed.fill(0);
    for (let p = 0; p < n; p++) if (members[p]) fixed[p >>> 5] |= 1 << (p & 31);
    return (failsWithFixed(model, fixed) ? 0 : 1) - base;
  };
  const opts = {
    exactMax: config.shapleyExactMaxPlayers,
    errorTarget: config.shapleyErrorTarget,
    delta: config.shapleyDelta,
    maxPermutations: config.shapleyMaxPermutations,
    seed: config.seed,
    range: 1,
  };
  const shapley = shapleyValues(n, value, opts);
  const adjacent = communicationGraph(input, players);
  const myersonResult = shapleyValues(n, graphRestricted(n, adjacent, value), { ...opts, maxPermutations: Math.min(opts.maxPermutations, MYERSON_MAX_PERMUTATIONS), range: Math.max(1, n / 2) });
  const loo = leaveOneOut(n, value);
  const all = new Uint8Array(n).fill(1);
  const total = value(all);
  const soloFlips: number[] = [];
  const one = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    one.fill(0);
    one[p] = 1;
    if (value(one) > 0) soloFlips.push(players[p]);
  }
  return { players, shapley, myerson: myersonResult.values, myersonMethod: myersonResult.method, loo, total, repairAllSucceeds: failsAsIs && total > 0, failsAsIs, soloFlips, value };
}

/** Agents are adjacent when any edge links a step of one to a step of the other. */
function communicationGraph({ g }: PropagationInput, players: number[]): boolean[][] {
  const index = new Map(players.map((a, p) => [a, p]));
  const adj = players.map(() => players.map(() => false));
  for (const e of g.edges) {
    const a = index.get(g.agentOf[e.from]);
    const b = index.get(g.agentOf[e.to]);
    if (a === undefined || b === undefined || a === b) continue;
    adj[a][b] = adj[b][a] = true;
  }
  return adj;
}
