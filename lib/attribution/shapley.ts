/**
 * Shapley values of a cooperative game over n players (docs/methods.md, "Agent blame").
 * - Exact enumeration over all 2^n coalitions when n ≤ `exactMax`.
 * - Otherwise seeded antithetic permutation sampling (each permutation π is paired with its
 *   reverse). Every permutation's marginals telescope to v(N) − v(∅), so the estimate is exactly
 *   efficient. The number of permutations comes from Hoeffding with a union bound over players:
 *   m ≥ R² ln(2n/δ) / (2ε²), counted in antithetic pairs (the independent units).
 * Coalitions are plain arrays of booleans turned into the caller's representation by `value`.
 */
import { mulberry32, randomPermutation } from "./prng";

export interface ShapleyOptions {
  exactMax: number;
  errorTarget: number;
  delta: number;
  maxPermutations: number;
  seed: number;
  /** Range of a marginal contribution (1 for a monotone 0/1 game). */
  range: number;
  /**
   * Upper bound on coalition evaluations when sampling (each permutation costs n + 1). Bounds the
   * work for hostile inputs with hundreds of players whatever the error target asks; the achieved
   * half-width is reported, so a tighter budget shows up as a wider interval, never as a wrong one.
   */
  maxEvaluations?: number;
}

export interface ShapleyResult {
  method: "exact" | "sampled";
  values: number[];
  /** Per-player confidence interval (degenerate for exact). */
  ci: [number, number][];
  samples: number;
  /** Half-width actually achieved (0 for exact). */
  halfWidth: number;
}

export type CoalitionValue = (members: Uint8Array) => number;

export function shapleyValues(n: number, value: CoalitionValue, opts: ShapleyOptions): ShapleyResult {
  if (n === 0) return { method: "exact", values: [], ci: [], samples: 0, halfWidth: 0 };
  return n <= opts.exactMax ? exact(n, value) : sampled(n, value, opts);
}

/** Number of antithetic pairs needed for half-width ε with probability 1 − δ for all n players. */
export function requiredPairs(n: number, opts: Pick<ShapleyOptions, "errorTarget" | "delta" | "range">): number {
  return Math.ceil(
    (opts.range * opts.range * Math.log((2 * n) / opts.delta)) / (2 * opts.errorTarget * opts.errorTarget),
  );
}

function exact(n: number, value: CoalitionValue): ShapleyResult {
  const size = 1 << n;
  const v = new Float64Array(size);
  const members = new Uint8Array(n);
  for (let mask = 0; mask < size; mask++) {
    for (let i = 0; i < n; i++) members[i] = (mask >>> i) & 1;
    v[mask] = value(members);
  }
  // weight(s) = s!(n−s−1)!/n!
  const fact = [1];
  for (let i = 1; i <= n; i++) fact[i] = fact[i - 1] * i;
  const values = new Array<number>(n).fill(0);
  for (let mask = 0; mask < size; mask++) {
    const s = popcount(mask);
    for (let i = 0; i < n; i++) {
      if (mask & (1 << i)) continue;
      values[i] += ((fact[s] * fact[n - s - 1]) / fact[n]) * (v[mask | (1 << i)] - v[mask]);
    }
  }
  return { method: "exact", values, ci: values.map((x) => [x, x]), samples: 0, halfWidth: 0 };
}

function sampled(n: number, value: CoalitionValue, opts: ShapleyOptions): ShapleyResult {
  const byBudget = opts.maxEvaluations === undefined ? Infinity : Math.floor(opts.maxEvaluations / (2 * (n + 1)));
  const pairs = Math.max(1, Math.min(Math.floor(opts.maxPermutations / 2), requiredPairs(n, opts), byBudget));
  const rand = mulberry32(opts.seed);
  const sums = new Float64Array(n);
  const members = new Uint8Array(n);
  const walk = (order: number[], acc: Float64Array) => {
    members.fill(0);
    let prev = value(members);
    for (const p of order) {
      members[p] = 1;
      const cur = value(members);
      acc[p] += cur - prev;
      prev = cur;
    }
  };
  for (let k = 0; k < pairs; k++) {
    const perm = randomPermutation(n, rand);
    walk(perm, sums);
    walk(perm.slice().reverse(), sums);
  }
  const values = Array.from(sums, (s) => s / (2 * pairs));
  const halfWidth = opts.range * Math.sqrt(Math.log((2 * n) / opts.delta) / (2 * pairs));
  return {
    method: "sampled",
    values,
    ci: values.map((x) => [x - halfWidth, x + halfWidth]),
    samples: 2 * pairs,
    halfWidth,
  };
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

/**
 * Myerson's graph-restricted game for 0/1 games: v^G(S) = max over the connected components C of S
 * (in the graph given by `neighbours`) of v(C). A coalition only achieves what one of its
 * communicating groups achieves on its own.
 *
 * Myerson's original restriction sums v(C) over components. That is right for transferable payoffs
 * but not for our repair games, where v is "the run succeeds": two disconnected components that
 * each repair the run would count the one success twice (the review's voters toy: Σ = 3 against a
 * total of 1). With the maximum, v^G(S) ≤ v(S), v^G stays 0/1 and monotone, and Shapley(v^G) sums to
 * v^G(N) − v^G(∅), which equals v(N) − v(∅) whenever the players can all communicate.
 */
export function graphRestricted(n: number, neighbours: number[][], value: CoalitionValue): CoalitionValue {
  // Nodes n.. of `neighbours` are connectors: always present, never players (fault-free agents).
  const part = new Uint8Array(n);
  const seen = new Uint8Array(Math.max(n, neighbours.length));
  const stack: number[] = [];
  const inPart: number[] = [];
  return (members) => {
    seen.fill(0);
    let best = -Infinity;
    for (let s = 0; s < n; s++) {
      if (!members[s] || seen[s]) continue;
      inPart.length = 0;
      stack.push(s);
      seen[s] = 1;
      while (stack.length) {
        const x = stack.pop()!;
        if (x < n) {
          part[x] = 1;
          inPart.push(x);
        }
        for (const y of neighbours[x])
          if (!seen[y] && (y >= n || members[y])) {
            seen[y] = 1;
            stack.push(y);
          }
      }
      best = Math.max(best, value(part));
      for (const x of inPart) part[x] = 0; // clear only this component: O(|C|), not O(n), per component
    }
    return best === -Infinity ? value(part) : best;
  };
}

/** Leave-one-out: v(N) − v(N ∖ {i}). */
export function leaveOneOut(n: number, value: CoalitionValue): number[] {
  const all = new Uint8Array(n).fill(1);
  const vn = value(all);
  return Array.from({ length: n }, (_, i) => {
    all[i] = 0;
    const x = vn - value(all);
    all[i] = 1;
    return x;
  });
}
