/**
 * First-error localization (Who&When's decisive error, docs/methods.md, "The repair model"): the earliest faulty
 * step whose repair alone flips the outcome, with downstream steps re-evaluated under the model.
 * When no single repair flips it, the minimal fix set is found greedily (latest members dropped
 * first, so the set keeps the earliest causes) and its earliest member is reported.
 */
import type { StepGame } from "./step-game";

export interface FirstErrorResult {
  /** Player indices whose repair alone flips the outcome. */
  flips: Set<number>;
  /** Player indices whose fault alone (all others repaired) still produces the failure. */
  aloneSufficient: Set<number>;
  /** A minimal set of players whose joint repair flips the outcome (empty if none does). */
  minimalFixSet: number[];
  /** Decisive player, or −1 when the model cannot explain the failure. */
  decisive: number;
  /** How the decisive player was chosen. */
  rule: "earliest-but-for" | "earliest-of-minimal-fix-set" | "none";
}

export function localizeFirstError(game: StepGame): FirstErrorResult {
  const n = game.players.length;
  const flips = new Set<number>();
  const aloneSufficient = new Set<number>();
  if (!game.fails || n === 0) return { flips, aloneSufficient, minimalFixSet: [], decisive: -1, rule: "none" };
  const all = Array.from({ length: n }, (_, i) => i);
  for (let p = 0; p < n; p++) {
    if (!game.fails_([p])) flips.add(p);
    if (game.fails_(all.filter((q) => q !== p))) aloneSufficient.add(p);
  }
  const minimalFixSet = minimalFix(game, all);
  if (flips.size > 0)
    return { flips, aloneSufficient, minimalFixSet, decisive: Math.min(...flips), rule: "earliest-but-for" };
  if (minimalFixSet.length > 0)
    return { flips, aloneSufficient, minimalFixSet, decisive: minimalFixSet[0], rule: "earliest-of-minimal-fix-set" };
  return { flips, aloneSufficient, minimalFixSet, decisive: -1, rule: "none" };
}

/** Greedy minimal fix set: start from "repair everything" and drop members (latest first) while the run still succeeds. */
function minimalFix(game: StepGame, all: number[]): number[] {
  if (game.fails_(all)) return [];
  const set = new Set(all);
  for (let p = all.length - 1; p >= 0; p--) {
    set.delete(p);
    if (game.fails_(set)) set.add(p);
  }
  return [...set].sort((a, b) => a - b);
}
