/**
 * Exact structure of the agent repair game read off the condensed model, so Shapley values need no
 * sampling in the common cases:
 * - null players: agents whose faults reach neither the outcome nor any vote/select gate never
 *   change v(S); their Shapley value is exactly 0 and they can leave the game;
 * - unanimity: when v(S) = 1[T ⊆ S] (checked by `vetoCarrier`), the Shapley value is exactly 1/|T|
 *   for each member of T and 0 for the rest; this is the usual shape of a failure whose faults all
 *   lie on OR paths to the outcome (every fault alone keeps it bad).
 */
import type { CondensedModel } from "./condensed-model";
import type { CoalitionValue } from "./shapley";

const has = (bits: Uint32Array, p: number) => ((bits[p >>> 5] >>> (p & 31)) & 1) === 1;

/** Players that appear in the model at all (reach the outcome or some gate), in ascending order. */
export function relevantPlayers(model: CondensedModel): number[] {
  const out: number[] = [];
  for (let p = 0; p < model.playerCount; p++) {
    let seen = has(model.sink.players, p);
    for (let gi = 0; gi < model.gates.length && !seen; gi++) for (const x of model.gates[gi].inputs) if (has(x.players, p)) seen = true;
    if (seen) out.push(p);
  }
  return out;
}

/**
 * The carrier T when the game is the unanimity game v(S) = 1[T ⊆ S], else null. The repair game is
 * monotone (repairing more faults never makes the outcome worse: OR and majority are monotone), so
 * if v(∅) = 0, v(N) = 1, T is the set of veto players (v(N ∖ {p}) = 0) and v(T) = 1, then every
 * winning coalition contains T and every superset of T wins. Costs n + 2 evaluations.
 */
export function vetoCarrier(n: number, value: CoalitionValue): number[] | null {
  const members = new Uint8Array(n);
  if (n === 0 || value(members) !== 0) return null;
  members.fill(1);
  if (value(members) !== 1) return null;
  const veto: number[] = [];
  for (let p = 0; p < n; p++) {
    members[p] = 0;
    if (value(members) === 0) veto.push(p);
    members[p] = 1;
  }
  if (veto.length === 0) return null;
  members.fill(0);
  for (const p of veto) members[p] = 1;
  return value(members) === 1 ? veto : null;
}
