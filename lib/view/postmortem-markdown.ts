/**
 * The Markdown postmortem export: the verdict, the path, the agents' blame and the evidence, in a
 * form an engineer pastes into an incident doc. Trace text is quoted in code spans/blocks so that
 * nothing in it renders as Markdown or HTML wherever the file ends up.
 */
import type { AnalysisReport } from "../attribution/types";
import { labelAgreement } from "./label-agreement";
import type { ViewLabel, ViewRun, ViewStep } from "./types";

export function postmortemMarkdown(run: ViewRun, steps: ViewStep[], report: AnalysisReport | null, labels: ViewLabel[], runUrl?: string): string {
  const lines: string[] = [];
  lines.push(`# Postmortem: ${inline(run.title)}`, "");
  lines.push(`- Outcome: **${run.outcome}**`);
  if (run.system) lines.push(`- System: ${inline(run.system)}`);
  lines.push(`- Steps: ${run.stepCount} · Agents: ${run.agentCount} · Tokens: ${run.totalTokens}`);
  if (runUrl) lines.push(`- Run: ${runUrl}`);
  lines.push("");
  if (!report) {
    lines.push("_No finished analysis yet._");
    return lines.join("\n") + "\n";
  }
  lines.push("## Verdict", "", quote(report.verdict), "");
  if (report.decisive) {
    const d = report.decisive;
    lines.push(`- Root cause: agent ${inline(d.agent)}, step ${inline(d.stepId)} (confidence ${d.confidence.toFixed(2)})`);
    lines.push(`- Interaction: ${report.interaction.class} (${inline(report.interaction.rule)})`);
    if (report.channelPath.length)
      lines.push(`- Channel path: ${report.channelPath.map((h) => `${inline(h.fromAgent)} -${h.edgeKinds.join("/")}-> ${inline(h.toAgent)}`).join(", ")}`);
    const decisiveStep = steps.find((s) => s.id === d.stepId);
    if (decisiveStep) lines.push("", "Decisive step content:", "", fence(decisiveStep.content));
  }
  lines.push("", "## Agents", "", "| Agent | Role | Blame | CI | Tokens |", "|---|---|---:|---|---:|");
  for (const a of [...report.agents].sort((x, y) => y.blame - x.blame))
    lines.push(`| ${cell(a.agent)} | ${a.role} | ${a.blame.toFixed(2)} | ${a.blameCi ? `${a.blameCi[0].toFixed(2)}–${a.blameCi[1].toFixed(2)}` : "exact"} | ${a.tokens} |`);
  const flagged = report.steps.filter((s) => s.detectors.length > 0).sort((a, b) => b.fault - a.fault).slice(0, 10);
  if (flagged.length) {
    lines.push("", "## Evidence", "");
    for (const s of flagged) {
      lines.push(`- Step ${inline(s.stepId)} (${inline(s.agent)}), fault ${s.fault.toFixed(2)}${s.counterfactual.flips ? ", fixing it alone flips the outcome" : ""}`);
      for (const det of s.detectors)
        lines.push(`  - ${inline(det.name)} ${det.score.toFixed(2)}${det.mast ? ` (${det.mast})` : ""}: ${inline(det.evidence.note)}${det.evidence.stepIds.length ? ` → steps ${det.evidence.stepIds.map(inline).join(", ")}` : ""}`);
    }
  }
  if (labels.length) {
    lines.push("", "## Human labels", "");
    for (const l of labels) {
      const agree = labelAgreement(l, report);
      lines.push(`- ${l.imported ? "Imported" : inline(l.author)}: agent ${inline(l.agent ?? "—")}, step ${inline(l.stepId ?? "—")} — engine ${agree.agent === "agrees" ? "agrees" : agree.agent}${l.note ? `. Note: ${inline(l.note)}` : ""}`);
    }
  }
  if (report.warnings.length || run.warnings.length) {
    lines.push("", "## Warnings", "");
    for (const w of [...run.warnings, ...report.warnings]) lines.push(`- ${inline(w)}`);
  }
  lines.push("", `_Engine ${inline(report.engineVersion)}._`);
  return lines.join("\n") + "\n";
}

/** Inline code span that survives any backticks inside. */
function inline(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const longest = longestBacktickRun(flat, 0);
  const ticks = "`".repeat(longest + 1);
  return `${ticks}${longest ? " " : ""}${flat}${longest ? " " : ""}${ticks}`;
}

function cell(text: string): string {
  return inline(text).replace(/\|/g, "\\|");
}

function fence(text: string): string {
  const longest = longestBacktickRun(text, 2);
  const clipped = text.length > 4000 ? `${text.slice(0, 4000)}\n… (${text.length - 4000} more characters)` : text;
  return `${"`".repeat(longest + 1)}text\n${clipped}\n${"`".repeat(longest + 1)}`;
}

/** Longest run of backticks (at least `min`); a loop, since spreading 200k matches into Math.max overflows the stack. */
function longestBacktickRun(text: string, min: number): number {
  let longest = min;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text.charCodeAt(i) === 96 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

function quote(text: string): string {
  return fence(text);
}
