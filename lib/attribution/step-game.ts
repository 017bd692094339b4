/**
 * The step-level repair game: each candidate faulty step is a player whose fault can be repaired.
 * Candidates are capped (highest fault first, then earliest) so cost stays bounded; faulty steps
 * beyond the cap stay faulty in every query (the reserved "never fixed" player).
 */
import { buildCondensedModel, failsWithFixed, playerSet, type CondensedModel } from "./condensed-model";
import type { PropagationInput } from "./propagation";

export interface StepGame {
  model: CondensedModel;
  /** Step index of each player, ascending. */
  players: number[];
  /** Player index of each step, or −1. */
  playerOf: Int32Array;
  /** Whether the run fails with nothing repaired. */
  fails: boolean;
  fails_(fixed: Iterable<number>): boolean;
}

export function buildStepGame(input: PropagationInput, local: Uint8Array, fault: Float64Array, cap: number): StepGame {
  const faulty: number[] = [];
  for (let v = 0; v < input.g.n; v++) if (local[v]) faulty.push(v);
  const chosen = faulty
    .slice()
    .sort((a, b) => fault[b] - fault[a] || a - b)
    .slice(0, cap)
    .sort((a, b) => a - b);
  const playerOf = new Int32Array(input.g.n).fill(-1);
  chosen.forEach((v, p) => (playerOf[v] = p));
  const model = buildCondensedModel(input, local, playerOf, chosen.length);
  const fails_ = (fixed: Iterable<number>) => failsWithFixed(model, playerSet(model, fixed));
  return { model, players: chosen, playerOf, fails: fails_([]), fails_ };
}
