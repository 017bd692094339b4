/**
 * Patterns by correction as CSV (one row per pattern), for spreadsheets; cells are made inert the
 * same way as the metrics export (titles and agent names come from traces).
 */
import type { CorrectionPatterns } from "../patterns/correction-patterns";
import { csvCell } from "./metrics-csv";

export function patternsCsv(p: CorrectionPatterns & { totalFailed?: number }): string {
  const header = ["pattern", "fix_type", "what_went_wrong", "channel", "runs", "share_of_failures", "tokens", "agents"];
  const lines = [[...header, "instruction", "tried_on_runs", "verified_on_runs", "run_ids"].join(",")];
  for (const x of p.patterns) {
    const cells = [x.id, x.fixType, x.evidence, x.channel, x.count, x.share.toFixed(4), x.tokens, x.agents.join(" ")];
    lines.push(
      [...cells, x.instruction, x.verified.tried, x.verified.flipped, x.runIds.join(" ")].map(csvCell).join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
