/**
 * A condensed form of the Boolean propagation model for fast "what if these faults were fixed"
 * queries (Shapley coalitions, but-for tests, contingencies).
 *
 * Faulty steps are grouped into players (agents, or individual steps). Because OR propagation is
 * monotone, a plain node is bad under a fix set S iff some player outside S has a fault reaching it
 * over OR paths, or some vote/select aggregator upstream of it (over OR paths) is bad. So each node
 * needs only two bitsets: `players` whose faults reach it and `gates` (vote/select aggregators)
 * that reach it. One O((V + E)·words) pass builds them; afterwards each query costs O(gates ·
 * inputs · words), independent of the number of steps.
 */
import type { PropagationInput } from "./propagation";

interface GateInput {
  players: Uint32Array;
  gates: Uint32Array;
  /** Indices of the non-zero words of `players`: a voter's input names one player, so a query reads one word, not n/32. */
  playerWords: Int32Array;
}

function gateInput(players: Uint32Array, gates: Uint32Array): GateInput {
  const words: number[] = [];
  for (let i = 0; i < players.length; i++) if (players[i]) words.push(i);
  return { players, gates, playerWords: Int32Array.from(words) };
}

interface Gate {
  rule: "vote" | "select";
  inputs: GateInput[];
}

export interface CondensedModel {
  playerCount: number;
  /** Player index reserved for faults that can never be fixed in this game. */
  fixedBad: number;
  gates: Gate[];
  sink: GateInput;
}

export function buildCondensedModel(
  { g, aggregators, blocked }: PropagationInput,
  local: Uint8Array,
  playerOf: Int32Array,
  playerCount: number,
): CondensedModel {
  const pw = (playerCount + 1 + 31) >>> 5;
  const gateSteps: number[] = [];
  const gateIndex = new Int32Array(g.n).fill(-1);
  for (const [v, agg] of aggregators)
    if (agg.rule === "vote" || agg.rule === "select") {
      gateIndex[v] = gateSteps.length;
      gateSteps.push(v);
    }
  // Map iteration is insertion order (ascending step); keep gate indices in step order anyway.
  gateSteps.sort((a, b) => a - b);
  gateSteps.forEach((v, i) => (gateIndex[v] = i));
  const gw = (gateSteps.length + 31) >>> 5;
  const players = new Uint32Array(g.n * pw);
  const gatesOf = new Uint32Array(g.n * Math.max(gw, 1));
  const gates: Gate[] = gateSteps.map((v) => ({ rule: aggregators.get(v)!.rule as "vote" | "select", inputs: [] }));
  const fixedBad = playerCount;
  // Rows of the two bit tables by offset: a view object per step and per edge (100k steps) cost more
  // in garbage collection than the work.
  const gs = Math.max(gw, 1);
  const row = (arr: Uint32Array, w: number, v: number) => arr.slice(v * w, v * w + w);

  for (let v = 0; v < g.n; v++) {
    const pv = v * pw;
    const gv = v * gs;
    if (local[v]) {
      const p = playerOf[v] >= 0 ? playerOf[v] : fixedBad;
      players[pv + (p >>> 5)] |= 1 << (p & 31);
    }
    if (blocked[v]) continue;
    const gi = gateIndex[v];
    const agg = gi >= 0 ? aggregators.get(v)! : null;
    const special = agg ? new Set(agg.inputs) : null;
    for (let k = g.inStart[v]; k < g.inStart[v + 1]; k++) {
      const ei = g.inEdges[k];
      const e = g.edges[ei];
      if (special?.has(ei) || !e.transmits) continue;
      orRow(players, pv, e.from * pw, pw);
      if (gw > 0) orRow(gatesOf, gv, e.from * gw, gw);
    }
    if (agg && gi >= 0) {
      const chosen = agg.rule === "select" ? (agg.selectedEdge >= 0 ? [agg.selectedEdge] : []) : agg.inputs;
      gates[gi].inputs = chosen.map((ei) =>
        gateInput(row(players, pw, g.edges[ei].from), gw > 0 ? row(gatesOf, gw, g.edges[ei].from) : new Uint32Array(0)),
      );
      gatesOf[gv + (gi >>> 5)] |= 1 << (gi & 31);
    }
  }
  const sink =
    g.n > 0
      ? gateInput(row(players, pw, g.sink), gw > 0 ? row(gatesOf, gw, g.sink) : new Uint32Array(0))
      : gateInput(new Uint32Array(pw), new Uint32Array(0));
  return { playerCount, fixedBad, gates, sink };
}

/** ORs the `width` words at `from` into those at `to`, in one table. */
function orRow(table: Uint32Array, to: number, from: number, width: number) {
  for (let i = 0; i < width; i++) table[to + i] |= table[from + i];
}

/** A bitset over players with room for the reserved `fixedBad` player. */
export function playerSet(model: CondensedModel, members: Iterable<number> = []): Uint32Array {
  const s = new Uint32Array((model.playerCount + 1 + 31) >>> 5);
  for (const p of members) s[p >>> 5] |= 1 << (p & 31);
  return s;
}

/**
 * Whether an input is still bad with the players in `fixed` repaired: an unrepaired player of its
 * own, or a gate already found bad. A module function, not a closure per coalition.
 */
function inputBad(x: GateInput, fixed: Uint32Array, gateBad: Uint8Array): boolean {
  const words = x.playerWords;
  for (let k = 0; k < words.length; k++) if (x.players[words[k]] & ~fixed[words[k]]) return true;
  for (let i = 0; i < x.gates.length; i++) {
    let w = x.gates[i];
    while (w) {
      const b = 31 - Math.clz32(w & -w);
      if (gateBad[(i << 5) + b]) return true;
      w &= w - 1;
    }
  }
  return false;
}

/** Whether the run still fails when the faults of every player in `fixed` are repaired. */
export function failsWithFixed(model: CondensedModel, fixed: Uint32Array): boolean {
  const gateBad = new Uint8Array(model.gates.length);
  // Indexed loops, not for-of: this runs once per coalition, thousands of times per game.
  for (let gi = 0; gi < model.gates.length; gi++) {
    const gate = model.gates[gi];
    if (gate.rule === "select")
      gateBad[gi] = gate.inputs.length > 0 && inputBad(gate.inputs[0], fixed, gateBad) ? 1 : 0;
    else {
      let c = 0;
      for (let k = 0; k < gate.inputs.length; k++) if (inputBad(gate.inputs[k], fixed, gateBad)) c++;
      gateBad[gi] = c * 2 > gate.inputs.length ? 1 : 0;
    }
  }
  return inputBad(model.sink, fixed, gateBad);
}
