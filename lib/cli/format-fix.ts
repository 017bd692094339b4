/** The readable report of `culprit fix`. */
import { FLIP_VERDICT_TEXT } from "../replay/flip-rate";
import type { FixTrial, TryFixResult } from "../replay/try-fix";

const pct = (x: number) => `${Math.round(x * 100)}%`;

function trialLines(t: FixTrial, label: string): string[] {
  return [
    `  ${label}: ${t.agent} (${t.fixType}, instruction by the ${t.author})`,
    `    instruction: ${t.instruction}`,
    `    ${t.flipped} of ${t.runs} replays pass (flip rate ${pct(t.flipped / Math.max(1, t.runs))}, 95% interval ${pct(t.interval[0])}–${pct(t.interval[1])}): ${FLIP_VERDICT_TEXT[t.verdict]}`,
  ];
}

export function formatFixResult(file: string, r: TryFixResult, upstream: { calls: number; tokens: number }): string {
  const lines = [`${file}:`];
  if (r.trial) lines.push(...trialLines(r.trial, "fix"));
  if (r.screened.length) {
    const tried = r.screened.map((s) => `${s.agent} ${s.outcome === "success" ? "✓" : "✗"}`).join(", ");
    lines.push(`  screened with one replay each (offline culprit: ${r.offlineAgent ?? "none"}): ${tried}`);
  }
  if (r.control) lines.push(...trialLines(r.control, "control"));
  lines.push(`  upstream spent: ${upstream.calls} call(s), ${upstream.tokens} token(s)`);
  return lines.join("\n");
}
