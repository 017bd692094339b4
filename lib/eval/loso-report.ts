/**
 * Tables for the leave-one-source-out evaluation: per source and pooled accuracy with Wilson
 * intervals beside the label-free base rates, and a reliability table of stated confidence
 * against how often the named agent was right.
 */
import type { Scored } from "./loso";
import { wilson } from "./wilson";

const pct = (x: number) => (100 * x).toFixed(1);

export function rateText(hits: number, n: number): string {
  const [lo, hi] = wilson(hits, n);
  return `${pct(n ? hits / n : 0).padStart(5)} [${pct(lo)}–${pct(hi)}]`;
}

const count = (xs: Scored[], f: (s: Scored) => boolean) => xs.filter(f).length;

export interface BaseRow {
  first: Scored[];
  last: Scored[];
  mostActive: Scored[];
}

function groups<T extends { source: string }>(xs: T[]): [string, T[]][] {
  const names = [...new Set(xs.map((x) => x.source))];
  return [...names.map((n): [string, T[]] => [n, xs.filter((x) => x.source === n)]), ["pooled", xs]];
}

/** One scheme's table: agent (top 1, top 3), step exact / ±1 / ±3, and base rates per source. */
export function formatScheme(title: string, scored: Scored[], base: BaseRow): string {
  const lines = [`== ${title} ==`];
  lines.push(
    `  ${"source".padEnd(28)} ${"n".padStart(4)}  ${"agent [95 %]".padEnd(20)} ${"top-3".padEnd(6)} ${"step".padEnd(6)} ${"±1".padEnd(6)} ${"±3".padEnd(6)} | base agent: first / last / most-active`,
  );
  const baseOf = (rows: Scored[], name: string) => (name === "pooled" ? rows : rows.filter((s) => s.source === name));
  for (const [name, xs] of groups(scored)) {
    const n = xs.length;
    const b = (rows: Scored[]) =>
      pct(count(baseOf(rows, name), (s) => s.agentHit) / Math.max(1, baseOf(rows, name).length));
    lines.push(
      `  ${name.padEnd(28)} ${String(n).padStart(4)}  ${rateText(
        count(xs, (s) => s.agentHit),
        n,
      ).padEnd(
        20,
      )} ${pct(count(xs, (s) => s.top3Hit) / n).padEnd(6)} ${pct(count(xs, (s) => s.stepExact) / n).padEnd(6)} ${pct(count(xs, (s) => s.step1) / n).padEnd(6)} ${pct(count(xs, (s) => s.step3) / n).padEnd(6)} | ${b(base.first)} / ${b(base.last)} / ${b(base.mostActive)}`,
    );
  }
  return lines.join("\n");
}

/** Stated confidence against accuracy, in bins of 0.1, plus coverage and accuracy at ≥ 0.7. */
export function formatReliability(title: string, scored: Scored[]): string {
  const lines = [
    `== ${title} ==`,
    `  ${"confidence".padEnd(12)} ${"n".padStart(4)}  ${"mean conf".padEnd(10)} agent right`,
  ];
  for (let b = 0; b < 10; b++) {
    const lo = b / 10;
    const xs = scored.filter((s) => s.confidence >= lo && (b === 9 ? s.confidence <= 1 : s.confidence < lo + 0.1));
    if (!xs.length) continue;
    const mean = xs.reduce((a, s) => a + s.confidence, 0) / xs.length;
    lines.push(
      `  ${`${lo.toFixed(1)}–${(lo + 0.1).toFixed(1)}`.padEnd(12)} ${String(xs.length).padStart(4)}  ${mean.toFixed(3).padEnd(10)} ${rateText(
        count(xs, (s) => s.agentHit),
        xs.length,
      )}`,
    );
  }
  lines.push(...thresholdSweep(scored));
  for (const [name, xs] of groups(scored)) {
    const high = xs.filter((s) => s.confidence >= 0.7);
    const decided = xs.filter((s) => s.decided);
    lines.push(
      `  ${name.padEnd(28)} conf ≥ 0.7: coverage ${pct(high.length / Math.max(1, xs.length))} %, agent right ${
        high.length
          ? rateText(
              count(high, (s) => s.agentHit),
              high.length,
            )
          : "  -  "
      } · decided ${decided.length}/${xs.length}, right ${decided.length ? pct(count(decided, (s) => s.agentHit) / decided.length) : "-"}`,
    );
  }
  return lines.join("\n");
}

/**
 * Pooled, per candidate threshold t: the share of verdicts stated (confidence ≥ t) and their agent
 * accuracy, against the accuracy of those left undetermined (scored by their top suspect). The
 * shipped `undeterminedBelow` is read off this table out of source (ADR 0027).
 */
function thresholdSweep(scored: Scored[]): string[] {
  const out = ["  undetermined threshold t (pooled): stated coverage, stated right · undetermined right"];
  for (const t of [0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55]) {
    const stated = scored.filter((s) => s.confidence >= t);
    const below = scored.filter((s) => s.confidence < t);
    const right = (xs: Scored[]) =>
      xs.length
        ? rateText(
            count(xs, (s) => s.agentHit),
            xs.length,
          )
        : "  -  ";
    const coverage = pct(stated.length / Math.max(1, scored.length));
    out.push(`    t = ${t.toFixed(2)}: ${coverage} %, ${right(stated)} · ${right(below)} (n ${below.length})`);
  }
  return out;
}

export interface DesignScores {
  design: string;
  scheme: string;
  scored: Scored[];
}

/**
 * One line per confidence design and scheme: pooled coverage and accuracy at confidence ≥ 0.7, the
 * source whose stated-high verdicts are right least often (its accuracy and count), the log-loss of
 * the stated confidence, and the share of verdicts below the undetermined threshold.
 */
export function formatDesignSummary(rows: DesignScores[], below: number): string {
  const lines = [
    `== confidence designs: conf ≥ 0.7 pooled (the bar: right ≥ 75 % at coverage ≥ 25 %), worst source, log-loss, undetermined (< ${below}) ==`,
  ];
  for (const { design, scheme, scored } of rows) {
    const high = scored.filter((s) => s.confidence >= 0.7);
    let worst = "";
    let worstRate = 2;
    for (const [name, xs] of groups(high).slice(0, -1)) {
      const rate = count(xs, (s) => s.agentHit) / xs.length;
      if (rate < worstRate) [worstRate, worst] = [rate, `${name} ${pct(rate)} % of ${xs.length}`];
    }
    const loss =
      scored.reduce((s, x) => {
        const p = Math.min(1 - 1e-6, Math.max(1e-6, x.confidence));
        return s - Math.log(x.agentHit ? p : 1 - p);
      }, 0) / Math.max(1, scored.length);
    const undetermined = count(scored, (s) => s.confidence < below) / Math.max(1, scored.length);
    lines.push(
      `  ${design.padEnd(28)} ${scheme.padEnd(6)} coverage ${pct(high.length / Math.max(1, scored.length)).padStart(5)} %, right ${
        high.length
          ? rateText(
              count(high, (s) => s.agentHit),
              high.length,
            )
          : "  -  "
      } · worst ${worst || "-"} · log-loss ${loss.toFixed(3)} · undetermined ${pct(undetermined)} %`,
    );
  }
  return lines.join("\n");
}
