/**
 * Exact structure of the agent repair game read off the condensed model, so Shapley values need no
 * sampling in the common cases:
 * - null players: agents whose faults reach neither the outcome nor any vote/select gate never
 *   change v(S); their Shapley value is exactly 0 and they can leave the game;
 * - unanimity: when v(S) = 1[T ⊆ S] (checked by `vetoCarrier`), the Shapley value is exactly 1/|T|
 *   for each member of T and 0 for the rest; this is the usual shape of a failure whose faults all
 *   lie on OR paths to the outcome (every fault alone keeps it bad);
 * - interchangeable players (`symmetryClasses`): equal Shapley values. When all relevant players
 *   form one class (the voters of one majority vote), each gets exactly total/k, with no sampling.
 */
import type { CondensedModel } from "./condensed-model";
import type { CoalitionValue } from "./shapley";

const has = (bits: Uint32Array, p: number) => ((bits[p >>> 5] >>> (p & 31)) & 1) === 1;

/** Players that appear in the model at all (reach the outcome or some gate), in ascending order. */
export function relevantPlayers(model: CondensedModel): number[] {
  const out: number[] = [];
  for (let p = 0; p < model.playerCount; p++) {
    let seen = has(model.sink.players, p);
    for (let gi = 0; gi < model.gates.length && !seen; gi++)
      for (const x of model.gates[gi].inputs) if (has(x.players, p)) seen = true;
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

/**
 * Classes of interchangeable players. Two players are interchangeable when each appears only as
 * the sole (repairable) player of gate inputs, never at the sink directly, and their inputs match
 * gate for gate (same gate, same upstream gates): swapping them maps the model onto itself, so
 * v(S) is unchanged and their Shapley values are equal (symmetry axiom). This covers the voters of
 * a majority vote, however many, with O(inputs · words) work. Players that share an input with
 * another player or reach the sink around the gates are left out (no class).
 */
export function symmetryClasses(model: CondensedModel): number[][] {
  const n = model.playerCount;
  const signature: (string[] | null)[] = Array.from({ length: n }, () => []);
  const fixedBadBit = (x: { players: Uint32Array }) => (x.players[model.fixedBad >>> 5] >>> (model.fixedBad & 31)) & 1;
  const playersOf = (x: { players: Uint32Array; playerWords: Int32Array }) => {
    const out: number[] = [];
    for (const w of x.playerWords) {
      let bits = x.players[w];
      while (bits) {
        const p = (w << 5) + 31 - Math.clz32(bits & -bits);
        if (p !== model.fixedBad) out.push(p);
        bits &= bits - 1;
      }
    }
    return out;
  };
  for (const p of playersOf(model.sink)) signature[p] = null;
  model.gates.forEach((gate, gi) => {
    for (const x of gate.inputs) {
      if (fixedBadBit(x)) continue; // bad whatever is repaired: no player in it matters
      const ps = playersOf(x);
      if (ps.length !== 1) {
        for (const p of ps) signature[p] = null;
        continue;
      }
      signature[ps[0]]?.push(`${gi}:${Array.from(x.gates).join(",")}`);
    }
  });
  const classes = new Map<string, number[]>();
  signature.forEach((sig, p) => {
    if (!sig || sig.length === 0) return;
    const key = sig.sort().join("|");
    classes.set(key, [...(classes.get(key) ?? []), p]);
  });
  return [...classes.values()];
}
