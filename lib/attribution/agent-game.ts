/**
 * The agent-level repair game for Shapley blame (docs/methods.md, "Agent blame"): players are the agents with at least
 * one faulty step; v(S) = 1[the run succeeds when every fault of the agents in S is repaired] −
 * 1[it succeeds with nothing repaired]. Environmental faults (budget) belong to no agent and are
 * never repaired. Evaluated on the condensed model, so each coalition costs O(gates), not O(steps).
 */
import { buildCondensedModel, failsWithFixed, playerSet, type CondensedModel } from "./condensed-model";
import type { PropagationInput } from "./propagation";
import {
  graphRestricted,
  leaveOneOut,
  shapleyValues,
  type CoalitionValue,
  type ShapleyOptions,
  type ShapleyResult,
} from "./shapley";
import { relevantPlayers, symmetryClasses, vetoCarrier } from "./unanimity";
import type { EngineConfig } from "./types";

export interface AgentGameResult {
  /** Agent indices of the players. */
  players: number[];
  shapley: ShapleyResult;
  myerson: number[];
  /** "skipped" (and `myerson` empty) when too many players are not all linked for the work budget. */
  myersonMethod: "exact" | "sampled" | "skipped";
  /** v^G(N) − v^G(∅) of the graph-restricted game: what `myerson` sums to (= `total` when the players can all communicate). */
  myersonTotal: number;
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
  /** Coalition evaluations spent (bounded by the work budget, whatever the number of players). */
  evaluations: number;
}

/**
 * Work budget of one game's sampled values, in elementary steps (bitset words read, graph edges
 * walked): about 0.1 s of CPU. Exact enumeration stops at `shapleyExactMaxPlayers`; above it the
 * permutation count is the smaller of what Hoeffding asks and what this budget allows, so hundreds
 * of hostile voters cost a bounded time (security review F-4e) and the reported interval widens.
 */
export const GAME_WORK_BUDGET = 20_000_000;

export function playAgentGame(
  input: PropagationInput,
  local: Uint8Array,
  environmental: Uint8Array,
  config: EngineConfig,
): AgentGameResult {
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
  let evaluations = 0;
  const value: CoalitionValue = (members) => {
    evaluations++;
    fixed.fill(0);
    for (let p = 0; p < n; p++) if (members[p]) fixed[p >>> 5] |= 1 << (p & 31);
    return (failsWithFixed(model, fixed) ? 0 : 1) - base;
  };
  const evalCost = modelCost(model) + n;
  const opts: ShapleyOptions = {
    exactMax: config.shapleyExactMaxPlayers,
    errorTarget: config.shapleyErrorTarget,
    delta: config.shapleyDelta,
    maxPermutations: config.shapleyMaxPermutations,
    seed: config.seed,
    range: 1,
    maxEvaluations: Math.floor(GAME_WORK_BUDGET / evalCost),
  };
  const all = new Uint8Array(n).fill(1);
  const total = value(all);
  const relevant = relevantPlayers(model);
  const links = playerLinks(input, players);
  const carrier = failsAsIs ? vetoCarrier(n, value) : null;
  const classes = symmetryClasses(model);
  const oneClass =
    classes.length === 1 && classes[0].length === relevant.length && relevant.length > 1 ? classes[0] : null;
  let shapley: ShapleyResult;
  if (carrier)
    shapley = exactShares(n, carrier, total); // v = 1[T ⊆ S]: 1/|T| each, O(n).
  else if (oneClass)
    shapley = exactShares(n, oneClass, total); // all relevant players interchangeable: total/k each.
  else shapley = reducedShapley(n, relevant, value, opts);
  if (shapley.method === "sampled") shapley = averageWithinClasses(shapley, classes);
  // Myerson = Shapley when every coalition of relevant players can communicate (the restricted game is the game).
  let myersonResult: ShapleyResult | { method: "skipped"; values: number[]; ci: []; samples: 0; halfWidth: 0 };
  if (completeOver(relevant, links, n) || (carrier && connected(carrier, links, n))) myersonResult = shapley;
  else {
    // One restricted query walks the link graph and asks v once per component (at most n of them).
    const edges = links.reduce((s, l) => s + l.length, 0);
    const myersonOpts = { ...opts, maxEvaluations: Math.floor(GAME_WORK_BUDGET / (n + edges + n * evalCost)) };
    // Not even one antithetic pair fits the budget: say so rather than report noise.
    if (n > opts.exactMax && myersonOpts.maxEvaluations < 2 * (n + 1))
      myersonResult = { method: "skipped", values: [], ci: [], samples: 0, halfWidth: 0 };
    else myersonResult = shapleyValues(n, graphRestricted(n, links, value), myersonOpts);
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
  const myersonTotal =
    myersonResult === shapley ? total : myersonResult.method === "skipped" ? 0 : graphRestricted(n, links, value)(all);
  return {
    players,
    shapley,
    myerson: myersonResult.values,
    myersonMethod: myersonResult.method,
    myersonTotal,
    loo,
    total,
    repairAllSucceeds: failsAsIs && total > 0,
    failsAsIs,
    soloFlips,
    aloneSufficient,
    minimalFixSet,
    value,
    evaluations,
  };
}

/** An exact result giving `total / |members|` to each member and 0 to everyone else. */
function exactShares(n: number, members: number[], total: number): ShapleyResult {
  const values = new Array<number>(n).fill(0);
  for (const p of members) values[p] = total / members.length;
  return { method: "exact", values, ci: values.map((x) => [x, x]), samples: 0, halfWidth: 0 };
}

/**
 * Interchangeable players (`symmetryClasses`) have equal exact Shapley values: replacing each
 * sampled value by its class mean keeps the sum (efficiency) and removes most of the sampling noise (a one-vote class of hundreds is estimated from all of them).
 */
function averageWithinClasses(r: ShapleyResult, classes: number[][]): ShapleyResult {
  const values = r.values.slice();
  for (const members of classes) {
    const mean = members.reduce((s, p) => s + r.values[p], 0) / members.length;
    for (const p of members) values[p] = mean;
  }
  return { ...r, values, ci: values.map((x) => [x - r.halfWidth, x + r.halfWidth]) };
}

/** Elementary steps of one `failsWithFixed` query: the words and gate bits its inputs read. */
function modelCost(model: CondensedModel): number {
  let c = 1 + model.sink.playerWords.length + model.sink.gates.length;
  for (const gate of model.gates) for (const x of gate.inputs) c += 1 + x.playerWords.length + x.gates.length;
  return c;
}

/** Shapley over the relevant players only (null players get exactly 0), which often makes it exact. */
function reducedShapley(n: number, relevant: number[], value: CoalitionValue, opts: ShapleyOptions): ShapleyResult {
  if (relevant.length === n) return shapleyValues(n, value, opts);
  const members = new Uint8Array(n);
  const sub = shapleyValues(
    relevant.length,
    (m) => {
      members.fill(0);
      // An indexed loop, not forEach with a callback made per coalition: this runs for every coalition.
      for (let i = 0; i < relevant.length; i++) members[relevant[i]] = m[i];
      return value(members);
    },
    opts,
  );
  const values = new Array<number>(n).fill(0);
  const ci: [number, number][] = values.map(() => [0, 0]);
  relevant.forEach((p, i) => {
    values[p] = sub.values[i];
    ci[p] = sub.ci[i];
  });
  return { ...sub, values, ci };
}

/** Whether the players of `set` are connected through each other and fault-free agents. */
function connected(set: number[], links: number[][], n: number): boolean {
  if (set.length <= 1) return true;
  const inSet = new Set(set);
  const seen = new Uint8Array(links.length);
  const stack = [set[0]];
  seen[set[0]] = 1;
  let reached = 1;
  while (stack.length) {
    const x = stack.pop()!;
    for (const y of links[x])
      if (!seen[y] && (y >= n || inSet.has(y))) {
        seen[y] = 1;
        if (y < n) reached++;
        stack.push(y);
      }
  }
  return reached === set.length;
}

/**
 * Whether every two players of `set` are linked directly or through one fault-free group; then
 * every coalition of them is connected and the graph-restricted game equals the game.
 */
function completeOver(set: number[], links: number[][], n: number): boolean {
  if (set.length <= 1) return true;
  const inSet = new Set(set);
  for (let c = n; c < links.length; c++)
    if (links[c].reduce((k, p) => k + (inSet.has(p) ? 1 : 0), 0) === set.length) return true;
  if (set.length > 64) return false; // pairwise check only for small sets; otherwise the budgeted sampler decides
  const linked = (p: number, q: number) => links[p].some((y) => y === q || (y >= n && links[y].includes(q)));
  return set.every((p) => set.every((q) => p === q || linked(p, q)));
}

/**
 * The communication graph of the Myerson value, built over *all* agents (review §2c.1): nodes
 * 0..n−1 are the players (agents with faults); nodes n.. are the connected groups of fault-free
 * agents (a judge, an orchestrator, a memory owner), which are in every coalition because they
 * have nothing to repair, so they connect whoever talks through them. Two players are linked when
 * an edge joins their steps or both touch one such group. Linear in agents and agent pairs.
 */
export function playerLinks({ g }: PropagationInput, players: number[]): number[][] {
  const nA = g.agentNames.length;
  const playerIndex = new Int32Array(nA).fill(-1);
  players.forEach((a, p) => (playerIndex[a] = p));
  const agentAdj: Set<number>[] = Array.from({ length: nA }, () => new Set());
  for (const e of g.edges) {
    const a = g.agentOf[e.from];
    const b = g.agentOf[e.to];
    if (a !== b) {
      agentAdj[a].add(b);
      agentAdj[b].add(a);
    }
  }
  const links: Set<number>[] = players.map(() => new Set());
  players.forEach((a, p) => {
    for (const b of agentAdj[a]) if (playerIndex[b] >= 0) links[p].add(playerIndex[b]);
  });
  const comp = new Int32Array(nA).fill(-1);
  for (let a = 0; a < nA; a++) {
    if (playerIndex[a] >= 0 || comp[a] >= 0) continue;
    const node = links.length;
    const touched = new Set<number>();
    const stack = [a];
    comp[a] = node;
    while (stack.length) {
      const x = stack.pop()!;
      for (const y of agentAdj[x]) {
        if (playerIndex[y] >= 0) touched.add(playerIndex[y]);
        else if (comp[y] < 0) {
          comp[y] = node;
          stack.push(y);
        }
      }
    }
    if (touched.size < 2) continue; // a group touching at most one player links nobody
    links.push(touched);
    for (const p of touched) links[p].add(node);
  }
  return links.map((l) => [...l].sort((x, y) => x - y));
}
