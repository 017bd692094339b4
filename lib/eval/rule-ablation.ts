/**
 * Each rule's contribution, leave-one-source-out: the shipped engine with one rule switched off
 * against the engine as shipped, per source. The shipped decision is fitted to nothing, so its
 * per-source figure is already that source's held-out figure; what a rule adds on a source it was
 * not developed on is what it can be expected to add on a system never seen.
 */
import type { AblatableRule } from "../attribution/ablation";
import type { ImporterRule } from "../importers/importer-rules";
import type { Scored } from "./loso";

/**
 * Where a rule was developed: the early rules on the Who&When dev split (the multi-source folders
 * arrived later and are out of source for them); the later ones with all five sources at hand.
 */
export type DevelopedOn = "who-and-when" | "all five";

export type RuleUnderTest =
  | { layer: "engine"; name: AblatableRule; developedOn: DevelopedOn }
  | { layer: "importer"; name: ImporterRule; developedOn: DevelopedOn };

/** Per source, hit counts with the rule on (the engine as shipped) and off. */
export interface SourceChange {
  source: string;
  n: number;
  agentOn: number;
  agentOff: number;
  stepOn: number;
  stepOff: number;
  /** Runs whose agent or exact-step hit differs (a net change of 0 can hide a gain and a loss). */
  flipped: number;
}

export type AblationVerdict = "helps out of source" | "neutral out of source" | "hurts" | "developed on all five";

export interface RuleAblationRow {
  rule: string;
  layer: RuleUnderTest["layer"];
  developedOn: DevelopedOn;
  changes: SourceChange[];
  verdict: AblationVerdict;
  /** Sources the rule lowers that the verdict does not judge: its own (or, developed on all five, any). */
  lowers: string[];
}

/** Hit counts per source, in the order sources first appear in `on`. */
export function sourceChanges(on: Scored[], off: Scored[]): SourceChange[] {
  const offById = new Map(off.map((s) => [s.id, s]));
  const bySource = new Map<string, SourceChange>();
  for (const s of on) {
    const o = offById.get(s.id);
    if (!o) throw new Error(`rule ablation: ${s.id} was not scored with the rule off`);
    const row = bySource.get(s.source) ?? {
      source: s.source,
      n: 0,
      agentOn: 0,
      agentOff: 0,
      stepOn: 0,
      stepOff: 0,
      flipped: 0,
    };
    row.n++;
    row.agentOn += Number(s.agentHit);
    row.agentOff += Number(o.agentHit);
    row.stepOn += Number(s.stepExact);
    row.stepOff += Number(o.stepExact);
    row.flipped += Number(s.agentHit !== o.agentHit || s.stepExact !== o.stepExact);
    bySource.set(s.source, row);
  }
  return [...bySource.values()];
}

/**
 * +1 when the rule helps the source, −1 when it hurts it, 0 when it changes nothing. The agent is the
 * headline figure (the landing rule is stated on it), so the step decides only at equal agent hits.
 */
export function effectOn(c: SourceChange): -1 | 0 | 1 {
  const d = c.agentOn !== c.agentOff ? c.agentOn - c.agentOff : c.stepOn - c.stepOff;
  return d > 0 ? 1 : d < 0 ? -1 : 0;
}

/**
 * Judged on the sources a rule was not developed on: "hurts" when it lowers one of them, "helps out
 * of source" when it raises at least one and lowers none, else "neutral out of source". What it does
 * on its own sources cannot tell whether it generalises; where it lowers one, `lowersInSource` says
 * so beside the verdict. A rule developed with all five sources at hand has no source out of source.
 */
export function ablationVerdict(
  changes: SourceChange[],
  developedOn: DevelopedOn,
  isWhoAndWhen: (source: string) => boolean,
): AblationVerdict {
  if (developedOn === "all five") return "developed on all five";
  const outside = changes.filter((c) => !isWhoAndWhen(c.source));
  if (outside.some((c) => effectOn(c) < 0)) return "hurts";
  return outside.some((c) => effectOn(c) > 0) ? "helps out of source" : "neutral out of source";
}

/** The sources a rule lowers that its verdict does not judge. */
export function lowersInSource(
  changes: SourceChange[],
  developedOn: DevelopedOn,
  isWhoAndWhen: (source: string) => boolean,
): string[] {
  return changes
    .filter((c) => effectOn(c) < 0 && (developedOn === "all five" || isWhoAndWhen(c.source)))
    .map((c) => c.source);
}

const pct = (k: number, n: number) => (n ? (100 * k) / n : 0).toFixed(1);
/** The change in points, and in runs. */
const signed = (k: number, n: number) => {
  const d = n ? (100 * k) / n : 0;
  const sign = (x: number) => (x > 0 ? "+" : "");
  return `${sign(d)}${d.toFixed(1)} (${sign(k)}${k})`;
};

const verdictText = (r: RuleAblationRow) =>
  r.lowers.length ? `${r.verdict}; lowers ${r.lowers.join(", ")}` : r.verdict;

/**
 * The table: one line per rule and source, agent % and exact step % with the rule on and off, the
 * change the rule makes (on − off, so + means the rule helps), the runs it flips either way, and the
 * rule's verdict on its first line.
 */
export function formatRuleAblation(rows: RuleAblationRow[]): string[] {
  const lines = [
    `  ${"rule".padEnd(26)} ${"source".padEnd(28)} ${"n".padStart(4)}  agent on / off  Δ (runs)     step on / off  Δ (runs)  flips  verdict`,
  ];
  for (const r of rows) {
    r.changes.forEach((c, i) => {
      const agent = `${pct(c.agentOn, c.n).padStart(5)} / ${pct(c.agentOff, c.n).padStart(5)}`;
      const step = `${pct(c.stepOn, c.n).padStart(5)} / ${pct(c.stepOff, c.n).padStart(5)}`;
      lines.push(
        `  ${(i ? "" : `${r.rule}${r.layer === "importer" ? " (imp.)" : ""}`).padEnd(26)} ${c.source.slice(0, 28).padEnd(28)} ${String(c.n).padStart(4)}  ${agent} ${signed(c.agentOn - c.agentOff, c.n).padStart(11)}  ${step} ${signed(c.stepOn - c.stepOff, c.n).padStart(11)}  ${String(c.flipped).padStart(5)}  ${i ? "" : verdictText(r)}`,
      );
    });
  }
  return lines;
}
