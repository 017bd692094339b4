/**
 * The agent-level repair game for Shapley blame (docs §9.4.3): players are the agents with at least
 * one faulty step; v(S) = 1[the run succeeds when every fault of the agents in S is repaired] −
 * 1[it succeeds with nothing repaired]. Environmental faults (budget) belong to no agent and are
 * never repaired. Evaluated on the condensed model, so each coalition costs O(gates), not O(steps).
 */
import { buildCondensedModel, failsWithFixed, playerSet } from "./condensed-model";
import type { PropagationInput } from "./propagation";
import { graphRestricted, leaveOneOut, shapleyValues, type CoalitionValue, type ShapleyOptions, type ShapleyResult } from "./shapley";
import { relevantPlayers, vetoCarrier } from "./unanimity";
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
  /** Agent indices whose faults alone (every other agent repaired) still produce the failure. */
  aloneSufficient: number[];
  /** Agent indices of a minimal set whose joint repair flips the outcome (latest players dropped first). */
  minimalFixSet: number[];
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
  const all = new Uint8Array(n).fill(1);
  const total = value(all);
  const adjacent = communicationGraph(input, players);
  const carrier = failsAsIs ? vetoCarrier(n, value) : null;
  let shapley: ShapleyResult;
  let myersonResult: ShapleyResult;
  if (carrier) {
    // v = 1[T ⊆ S]: exact in O(n). Myerson equals Shapley when T is connected in the communication graph.
    const values = new Array<number>(n).fill(0);
    for (const p of carrier) values[p] = 1 / carrier.length;
    shapley = { method: "exact", values, ci: values.map((x) => [x, x]), samples: 0, halfWidth: 0 };
    myersonResult = connected(carrier, adjacent) ? shapley : shapleyValues(n, graphRestricted(n, adjacent, value), myersonOptions(opts, n));
  } else {
    shapley = reducedShapley(n, relevantPlayers(model), value, opts);
    myersonResult = shapleyValues(n, graphRestricted(n, adjacent, value), myersonOptions(opts, n));
  }
  const loo = leaveOneOut(n, value);
  const soloFlips: number[] = [];
  const one = new Uint8Array(n);
  const aloneSufficient: number[] = [];
  for (let p = 0; p < n; p++) {
    one.fill(0);
    one[p] = 1;
    if (value(one) > 0) soloFlips.push(players[p]);
    one.fill(1);
    one[p] = 0;
    if (failsAsIs && value(one) === 0) aloneSufficient.push(players[p]);
  }
  const minimalFixSet: number[] = [];
  if (failsAsIs && total > 0) {
    const set = new Uint8Array(n).fill(1);
    for (let p = n - 1; p >= 0; p--) {
      set[p] = 0;
      if (value(set) === 0) set[p] = 1;
    }
    for (let p = 0; p < n; p++) if (set[p]) minimalFixSet.push(players[p]);
  }
  return { players, shapley, myerson: myersonResult.values, myersonMethod: myersonResult.method, loo, total, repairAllSucceeds: failsAsIs && total > 0, failsAsIs, soloFlips, aloneSufficient, minimalFixSet, value };
}

function myersonOptions(opts: ShapleyOptions, n: number): ShapleyOptions {
  return { ...opts, maxPermutations: Math.min(opts.maxPermutations, MYERSON_MAX_PERMUTATIONS), range: Math.max(1, n / 2) };
}

/** Shapley over the relevant players only (null players get exactly 0), which often makes it exact. */
function reducedShapley(n: number, relevant: number[], value: CoalitionValue, opts: ShapleyOptions): ShapleyResult {
  if (relevant.length === n) return shapleyValues(n, value, opts);
  const members = new Uint8Array(n);
  const sub = shapleyValues(relevant.length, (m) => {
    members.fill(0);
    relevant.forEach((p, i) => (members[p] = m[i]));
    return value(members);
  }, opts);
  const values = new Array<number>(n).fill(0);
  const ci: [number, number][] = values.map(() => [0, 0]);
  relevant.forEach((p, i) => {
    values[p] = sub.values[i];
    ci[p] = sub.ci[i];
  });
  return { ...sub, values, ci };
}

/** Whether the players of `set` induce a connected subgraph. */
function connected(set: number[], adj: boolean[][]): boolean {
  if (set.length <= 1) return true;
  const inSet = new Set(set);
  const seen = new Set([set[0]]);
  const stack = [set[0]];
  while (stack.length) {
    const x = stack.pop()!;
    for (const y of set) if (!seen.has(y) && adj[x][y] && inSet.has(y)) {
      seen.add(y);
      stack.push(y);
    }
  }
  return seen.size === set.length;
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
