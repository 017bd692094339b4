/**
 * Halpern–Pearl degree of responsibility (Chockler & Halpern 2004): 1/(k+1), where k is the size
 * of the smallest contingency W (other faults repaired) under which repairing this step flips the
 * outcome. Found in two passes:
 * - exact search over contingencies of growing size while their count stays within a budget
 *   (this finds k = 1 in a majority vote, where repairing all the others already succeeds and
 *   "start from everything repaired" sees no contingency at all);
 * - beyond the budget, greedy shrinking from "all other faults repaired", which yields a minimal
 *   (not always minimum) contingency; exact for the OR structure of chains.
 */
import type { StepGame } from "./step-game";

/**
 * Contingencies tried exactly, over all players together, before the greedy fallback: the same
 * share per player (so symmetric players get the same answer), 4096 queries in all, which keeps a
 * 128-candidate game to milliseconds while covering every contingency of size ≤ 2 up to ~16 players.
 */
const EXACT_CONTINGENCY_QUERIES = 4096;

export function responsibilities(game: StepGame, flips: Set<number>): { resp: number[]; contingency: number[][] } {
  const n = game.players.length;
  const resp = new Array<number>(n).fill(0);
  const contingency: number[][] = Array.from({ length: n }, () => []);
  if (!game.fails) return { resp, contingency };
  for (let p = 0; p < n; p++) {
    if (flips.has(p)) {
      resp[p] = 1;
      continue;
    }
    const critical = (w: Iterable<number>) => game.fails_(w) && !game.fails_([...w, p]);
    const others = Array.from({ length: n }, (_, q) => q).filter((q) => q !== p);
    const small = smallestCritical(others, critical, Math.floor(EXACT_CONTINGENCY_QUERIES / n));
    if (small) {
      resp[p] = 1 / (small.length + 1);
      contingency[p] = small;
      continue;
    }
    const w = new Set(others);
    if (!critical(w)) continue;
    for (let q = n - 1; q >= 0; q--) {
      if (!w.has(q)) continue;
      w.delete(q);
      if (!critical(w)) w.add(q);
    }
    resp[p] = 1 / (w.size + 1);
    contingency[p] = [...w].sort((a, b) => a - b);
  }
  return { resp, contingency };
}

/** The first critical contingency of the smallest size, enumerating sizes 1, 2, … within the budget; null if none found. */
function smallestCritical(others: number[], critical: (w: number[]) => boolean, budget: number): number[] | null {
  let tried = 0;
  for (let k = 1; k <= others.length; k++) {
    const idx = Array.from({ length: k }, (_, i) => i);
    for (;;) {
      if (++tried > budget) return null;
      const w = idx.map((i) => others[i]);
      if (critical(w)) return w;
      // Next k-combination in lexicographic order.
      let i = k - 1;
      while (i >= 0 && idx[i] === others.length - k + i) i--;
      if (i < 0) break;
      idx[i]++;
      for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    }
  }
  return null;
}
