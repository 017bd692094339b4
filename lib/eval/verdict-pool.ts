/**
 * Features of a verdict beyond those the shipped confidence reads, so the evaluation can compare
 * confidence designs on the same cached tables: the 0.9 model's inputs (the agent's share of the
 * work, whether repairing the step flips the outcome, the run's size) and the number of
 * participants as a plain feature (log k) instead of a chance floor.
 */
import type { CandidateTable } from "../attribution/model/candidates";
import { verdictFeatures } from "../attribution/model/confidence";

const ROW_FEATURES = ["agent:work-share", "cf:flips", "agent:most-active"];

/** Who can be blamed: every agent of the run but the harness (it only relays). */
function participantCount(table: CandidateTable): number {
  let k = 0;
  for (const kind of table.kinds) if (kind !== "harness") k++;
  return Math.max(1, k);
}

export function verdictPool(table: CandidateTable, row: number, agent: number): Record<string, number> {
  const out = verdictFeatures(table, row, agent);
  out["run:candidates"] = Math.min(1, Math.log1p(table.candidates) / 7);
  out["run:agents"] = Math.min(1, table.candidateAgents / 10);
  out["run:participants"] = Math.log(participantCount(table));
  if (agent >= 0 && table.kinds[agent] === "worker") out["kind:worker"] = 1;
  if (row < 0) return out;
  const k = table.names.length;
  for (const name of ROW_FEATURES) {
    const c = table.names.indexOf(name);
    if (c >= 0 && table.x[row * k + c] !== 0) out[name] = table.x[row * k + c];
  }
  return out;
}

/** A design's view of the pool: the named features (flags always kept), without the chance floor unless listed. */
export function pick(pool: Record<string, number>, names: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [n, x] of Object.entries(pool)) if (names.includes(n) || n.startsWith("flag:")) out[n] = x;
  return out;
}
