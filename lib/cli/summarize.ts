/** Turns an analysis report into the CLI's one-line JSON record and its readable summary. */
import type { AnalysisReport } from "../attribution/types";
import { reportHeadline } from "../view/headline";
import { labelOf, stepPositions } from "../view/step-number";

/**
 * One `--json` line: the whole report (schema `culprit.report/v1`, /schema/report-v1.json) plus
 * `file`, `ok` and `format`. Channel hops also keep the short `from`/`to`/`kinds` names that lines
 * of engine 0.4 used, so scripts written against them keep working.
 */
export function jsonRecord(file: string, format: string, r: AnalysisReport) {
  return {
    file,
    ok: true as const,
    format,
    ...r,
    channelPath: r.channelPath.map((h) => ({ ...h, from: h.fromAgent, to: h.toAgent, kinds: h.edgeKinds })),
  };
}

export function textSummary(file: string, format: string, r: AnalysisReport): string {
  const positions = stepPositions(r.steps.map((s) => s.stepId));
  const lines = [`${file}  [${format}, outcome ${r.outcome}]`, `  ${reportHeadline(r).sentence}`];
  if (r.decisive)
    lines.push(
      `  decisive: ${r.decisive.agent} ${labelOf(positions, r.decisive.stepId)} (confidence ${Math.round(r.decisive.confidence * 100)}%; primacy ${r.decisive.criteria.primacy ? "yes" : "no"}, non-correction ${r.decisive.criteria.nonCorrection ? "yes" : "no"})`,
    );
  lines.push(`  interaction: ${r.interaction.class} (${r.interaction.rule})`);
  for (const a of r.agents.slice(0, 8))
    lines.push(
      `  ${a.agent.padEnd(28)} blame ${(a.blame * 100).toFixed(1).padStart(5)}%  ${a.role}${a.lowImportance ? "  (low importance)" : ""}`,
    );
  if (r.agents.length > 8) lines.push(`  … ${r.agents.length - 8} more agents`);
  if (r.flags.falseSuccessClaims.length)
    lines.push(
      `  false success claims: ${r.flags.falseSuccessClaims.map((c) => `${c.agent} ${labelOf(positions, c.stepId)}`).join(", ")}`,
    );
  if (r.flags.verificationCollapseRate > 0)
    lines.push(`  verification collapse rate: ${Math.round(r.flags.verificationCollapseRate * 100)}%`);
  const t = r.trajectory;
  if (t) {
    const unit = t.size.tokenBasis === "tokens" ? `${t.size.tokens.total} tokens` : "no token counts";
    lines.push(
      `  trajectory: ${t.size.steps} steps, ${unit}, ${t.tools.calls} tool calls (${t.tools.errors} errors, ${t.tools.ignored} ignored), ${t.verification.steps} verification steps (${t.verification.rubberStamps} rubber stamps)`,
    );
    for (const f of t.flags.slice(0, 5)) lines.push(`    ${f.severity === "warn" ? "!" : "-"} ${f.message}`);
  }
  return lines.join("\n");
}
