/**
 * Leave-one-source-out with one feature group left out of the fit: how much each group (each
 * pre-0.8 rule, each detector, position, agent, participant kind) contributes out of source.
 * A positive contribution means the per-source agent accuracy falls without it.
 */
import { learnedDecision, type TableInput } from "./learners";
import type { FitOptions } from "../attribution/model/fit";
import { leaveOneSourceOut, type Item, type Scored } from "./loso";

function accuracyBySource(xs: Scored[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of new Set(xs.map((x) => x.source))) {
    const mine = xs.filter((x) => x.source === s);
    out.set(s, mine.filter((x) => x.agentHit).length / mine.length);
  }
  return out;
}

export function featureGroups(items: Item<TableInput>[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const name of new Set(items.flatMap((i) => i.input.example.table.names))) {
    const key =
      name.startsWith("rule:") || name.startsWith("det:") || name.startsWith("answer:") ? name : name.split(":")[0];
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return new Map([...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

export function ablationGroups(
  items: Item<TableInput>[],
  full: Scored[],
  log: (s: string) => void,
  options?: FitOptions,
): Record<string, Record<string, number>> {
  const reference = accuracyBySource(full);
  const sources = [...reference.keys()];
  const out: Record<string, Record<string, number>> = {};
  log(`\n== ablation: LOSO agent accuracy change (points) when a feature group is left out; + = the group helps ==`);
  log(`  ${"group".padEnd(36)} ${sources.map((s) => s.slice(0, 14).padStart(15)).join("")}   pooled`);
  const pooled = (xs: Scored[]) => xs.filter((x) => x.agentHit).length / xs.length;
  for (const [group, names] of featureGroups(items)) {
    const scored = leaveOneSourceOut(learnedDecision(options, new Set(names)), items);
    const acc = accuracyBySource(scored);
    const row: Record<string, number> = {};
    for (const s of sources) row[s] = 100 * (reference.get(s)! - acc.get(s)!);
    row.pooled = 100 * (pooled(full) - pooled(scored));
    out[group] = row;
    log(
      `  ${group.padEnd(36)} ${sources.map((s) => row[s].toFixed(1).padStart(15)).join("")}   ${row.pooled.toFixed(1)}`,
    );
  }
  return out;
}
