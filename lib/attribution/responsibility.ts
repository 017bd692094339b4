/**
 * Halpern–Pearl degree of responsibility (Chockler & Halpern 2004): 1/(k+1), where k is the size
 * of the smallest contingency W (other faults repaired) under which repairing this step flips the
 * outcome. The minimum is approximated by greedy shrinking of W from "all other faults repaired",
 * which yields a minimal (not always minimum) contingency; exact for the OR structure of chains.
 */
import type { StepGame } from "./step-game";

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
    const critical = (w: Set<number>) => game.fails_(w) && !game.fails_([...w, p]);
    const w = new Set<number>();
    for (let q = 0; q < n; q++) if (q !== p) w.add(q);
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
