/**
 * The Markdown postmortem export: the verdict, the path, the agents' blame and the evidence, in a
 * form an engineer pastes into an incident doc. Trace text is quoted in code spans/blocks so that
 * nothing in it renders as Markdown or HTML wherever the file ends up.
 */
import type { AnalysisReport } from "../attribution/types";
import { reportHeadline } from "./headline";
import { labelAgreement } from "./label-agreement";
import { labelOf, stepPositions } from "./step-number";
import type { ViewLabel, ViewRun, ViewStep } from "./types";

export function postmortemMarkdown(
  run: ViewRun,
  steps: ViewStep[],
  report: AnalysisReport | null,
  labels: ViewLabel[],
  runUrl?: string,
): string {
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
  const headline = reportHeadline(report);
  const positions = stepPositions(report.steps.map((s) => s.stepId));
  lines.push("## Verdict", "", quote(headline.sentence), "");
  for (const b of headline.evidence) lines.push(`- ${inline(b.text)}${b.quote ? `: ${inline(b.quote)}` : ""}`);
  if (headline.evidence.length) lines.push("");
  if (report.decisive) {
    const d = report.decisive;
    const who = headline.kind === "culprit" ? "Root cause" : "Suspect";
    lines.push(
      `- ${who}: agent ${inline(d.agent)}, ${labelOf(positions, d.stepId)} (confidence ${d.confidence.toFixed(2)})`,
    );
    lines.push(`- Interaction: ${report.interaction.class} (${inline(report.interaction.rule)})`);
    if (report.channelPath.length)
      lines.push(
        `- Channel path: ${report.channelPath.map((h) => `${inline(h.fromAgent)} -${h.edgeKinds.join("/")}-> ${inline(h.toAgent)}`).join(", ")}`,
      );
    const decisiveStep = steps.find((s) => s.id === d.stepId);
    if (decisiveStep) lines.push("", "Decisive step content:", "", fence(decisiveStep.content));
  }
  lines.push("", "## Agents", "", "| Agent | Role | Blame | CI | Tokens |", "|---|---|---:|---|---:|");
  for (const a of [...report.agents].sort((x, y) => y.blame - x.blame))
    lines.push(
      `| ${cell(a.agent)} | ${a.role} | ${a.blame.toFixed(2)} | ${a.blameCi ? `${a.blameCi[0].toFixed(2)}–${a.blameCi[1].toFixed(2)}` : "exact"} | ${a.tokens} |`,
    );
  const flagged = report.steps
    .filter((s) => s.detectors.length > 0)
    .sort((a, b) => b.fault - a.fault)
    .slice(0, 10);
  if (flagged.length) {
    lines.push("", "## Evidence", "");
    for (const s of flagged) {
      lines.push(
        `- ${labelOf(positions, s.stepId)} (${inline(s.agent)}), fault ${s.fault.toFixed(2)}${s.counterfactual.flips ? ", fixing it alone flips the outcome" : ""}`,
      );
      for (const det of s.detectors)
        lines.push(
          `  - ${inline(det.name)} ${det.score.toFixed(2)}${det.mast ? ` (${det.mast})` : ""}: ${inline(det.evidence.note)}${det.evidence.stepIds.length ? ` → ${det.evidence.stepIds.map((id) => labelOf(positions, id)).join(", ")}` : ""}`,
        );
    }
  }
  if (report.trajectory) lines.push(...trajectorySection(report.trajectory));
  if (labels.length) {
    lines.push("", "## Human labels", "");
    for (const l of labels) {
      const agree = labelAgreement(l, report);
      lines.push(
        `- ${l.imported ? "Imported" : inline(l.author)}: agent ${inline(l.agent ?? "—")}, ${l.stepId ? labelOf(positions, l.stepId) : "step —"} — engine ${agree.agent === "agrees" ? "agrees" : agree.agent}${l.note ? `. Note: ${inline(l.note)}` : ""}`,
      );
    }
  }
  if (report.warnings.length || run.warnings.length) {
    lines.push("", "## Warnings", "");
    for (const w of [...run.warnings, ...report.warnings]) lines.push(`- ${inline(w)}`);
  }
  lines.push("", `_Engine ${inline(report.engineVersion)}._`);
  return lines.join("\n") + "\n";
}

function trajectorySection(t: NonNullable<AnalysisReport["trajectory"]>): string[] {
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const unit = t.size.tokenBasis === "tokens" ? "tokens" : "words";
  const out = ["", "## Trajectory", ""];
  out.push(
    `- Size: ${t.size.steps} steps, ${t.size.activeAgents} active agents, ${t.size.tokenBasis === "tokens" ? `${t.size.tokens.total} tokens` : "no token counts"}${t.size.costUsd !== null ? `, $${t.size.costUsd.toFixed(4)}` : ""}`,
  );
  out.push(
    `- Tools: ${t.tools.calls} calls, ${t.tools.errors} errors (${t.tools.recovered} recovered, ${t.tools.ignored} ignored), ${t.tools.retries} retries`,
  );
  out.push(
    `- Verification: ${t.verification.steps} checks (${pct(t.verification.costShare)} of ${unit}), ${t.verification.sourcedChecks} sourced, ${t.verification.rubberStamps} rubber stamps, collapse rate ${pct(t.verification.collapseRate)}`,
  );
  out.push(
    `- Redundancy: ${t.redundancy.nearDuplicateMessages} near-duplicate messages (${pct(t.redundancy.nearDuplicateTokenShare)} of ${unit}), ${t.redundancy.repeatedToolCalls} repeated tool calls, ${t.redundancy.loops} loops`,
  );
  out.push(
    `- Delegation: ${t.delegation.handoffs} handoffs, max fan-out ${t.delegation.maxFanOut}${t.delegation.unreadMessages !== null ? `, ${t.delegation.unreadMessages} unread messages` : ""}`,
  );
  out.push(
    `- Memory: ${t.memory.writes} writes, ${t.memory.reads} reads, ${t.memory.unreadWrites} unread, ${t.memory.staleReads} stale reads, ${t.memory.sharedKeys} shared keys`,
  );
  if (t.flags.length) {
    out.push("", "Flags:", "");
    for (const f of t.flags)
      out.push(
        `- ${f.severity === "warn" ? "**warn**" : "info"}: ${inline(f.message)}${f.stepIds.length ? ` → steps ${f.stepIds.slice(0, 10).map(inline).join(", ")}${f.stepIds.length > 10 ? " …" : ""}` : ""}`,
      );
  }
  return out;
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
