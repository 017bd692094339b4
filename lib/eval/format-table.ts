/** The evaluation as a readable table (the `--json` output carries the same numbers and more). */
import type { CvSummary, Rate, SubsetResult } from "./evaluate-subset";
import type { Setting } from "./score-record";

const pct = (x: number) => (100 * x).toFixed(1);
const r = (x: Rate) => `${pct(x.rate).padStart(5)} [${pct(x.ci[0])}–${pct(x.ci[1])}] (${x.hits}/${x.n})`;
const cv = (x: CvSummary) => `${r(x.pooled)}  folds ${pct(x.mean)}±${pct(x.sd)} (${pct(x.min)}–${pct(x.max)})`;
const row = (name: string, a: string, b = "") => `  ${name.padEnd(46)} ${a.padEnd(60)} ${b}`;

export function formatSubset(res: SubsetResult, description: string): string {
  const settings = Object.keys(res.settings) as Setting[];
  const [h, w] = [res.settings[settings[0]], settings[1] ? res.settings[settings[1]] : undefined];
  const lines: string[] = [];
  lines.push(`== ${res.subset}: ${description}; ${res.n} failing runs scored ==`);
  lines.push(row("", `${settings[0]}${settings[0] === "no-ground-truth" ? " (headline)" : ""}`, settings[1] ?? ""));
  lines.push(row("engine agent", cv(h.agent), w ? cv(w.agent) : ""));
  lines.push(row("engine step", cv(h.step), w ? cv(w.step) : ""));
  lines.push(
    row(
      `agent, culprit ≠ majority (${h.nonMajority.majorityAgent ?? "-"})`,
      r(h.nonMajority.agent),
      w ? r(w.nonMajority.agent) : "",
    ),
  );
  lines.push(row(`step, culprit ≠ majority`, r(h.nonMajority.step), w ? r(w.nonMajority.step) : ""));
  lines.push(row("top-blame agent = decisive agent", r(h.topBlameIsDecisive), w ? r(w.topBlameIsDecisive) : ""));
  const dec = (s: typeof h) =>
    (["evidence", "prior", "undetermined"] as const)
      .map((k) => `${k} ${s.decisions[k].n} (${s.decisions[k].agentHits}/${s.decisions[k].stepHits} right)`)
      .join(", ") + (s.sourceInferred ? " *" : "");
  lines.push(row("decisions (agent/step right)", dec(h), w ? dec(w) : ""));
  if (h.lastTouchBlamed)
    lines.push(
      row("last agent to touch the error blamed", r(h.lastTouchBlamed), w?.lastTouchBlamed ? r(w.lastTouchBlamed) : ""),
    );
  if (h.rubberStampBlamed)
    lines.push(
      row("rubber-stamp reviewer blamed", r(h.rubberStampBlamed), w?.rubberStampBlamed ? r(w.rubberStampBlamed) : ""),
    );
  if (h.controls)
    lines.push(
      row(
        "passing controls with a root cause named",
        `${h.controls.namedRootCause}/${h.controls.n}`,
        w?.controls ? `${w.controls.namedRootCause}/${w.controls.n}` : "",
      ),
    );
  const breakdown = (title: string, pick: (s: typeof h) => Record<string, { agent: Rate; step: Rate }> | undefined) => {
    const mine = pick(h);
    if (!mine) return;
    lines.push(row(title, "agent [95 %] (hits/n) / step %", ""));
    for (const [key, x] of Object.entries(mine)) {
      const other = w ? pick(w)?.[key] : undefined;
      lines.push(
        row(
          `  ${key}`,
          `${r(x.agent)} / ${pct(x.step.rate)}`,
          other ? `${r(other.agent)} / ${pct(other.step.rate)}` : "",
        ),
      );
    }
  };
  breakdown("by fault", (s) => s.perFault);
  breakdown("by topology", (s) => s.perTopology);
  lines.push(row("base rates (no engine)", "agent", "step"));
  const b = res.baseRates;
  lines.push(row("  most-active agent", r(b.mostActive.agent), r(b.mostActive.step)));
  lines.push(row("  majority agent (fitted on train folds)", cv(b.majority.agent), cv(b.majority.step)));
  lines.push(row("  first agent", r(b.first.agent), r(b.first.step)));
  lines.push(row("  last agent", r(b.last.agent), r(b.last.step)));
  return lines.join("\n");
}
