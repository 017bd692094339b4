/**
 * A fix per culprit (issue 25): for the decisive agent and each co-culprit of a failed run, a fix
 * type (fix-types.ts) and a corrective instruction addressed to that agent, from templates over the
 * evidence (the optional judge may rewrite them: lib/judge/rewrite-fixes.ts). Reads report fields
 * and the trace only, so it is one call at the end of `analyzeTrace` whatever the pipeline before it.
 */
import type { TTrace } from "../../trace/schema";
import type { AnalysisReport, FixSuggestion } from "../types";
import { classifyFix } from "./classify-fix";
import { fixEvidence } from "./fix-evidence";
import { instructionFor } from "./instructions";

export { FIX_TYPES, FIX_TYPE_TITLES, isFixType, type FixType } from "./fix-types";

/** Co-culprits beyond this many are left out: a fix list is read, not searched. */
const MAX_CO_CULPRITS = 3;

/** The fix for one agent of a run (any agent: `culprit fix --agent` asks for innocent ones too). */
export function fixForAgent(
  report: AnalysisReport,
  trace: TTrace,
  agent: string,
  role: FixSuggestion["role"] = "decisive",
): FixSuggestion | null {
  const e = fixEvidence(report, trace, agent);
  if (!e) return null;
  const { fixType, finding } = classifyFix(e);
  const stepText = trace.steps[e.stepNumber - 1]?.content ?? "";
  return {
    agent,
    role,
    fixType,
    instruction: instructionFor(fixType, e, stepText),
    author: "template",
    stepIds: [e.stepId],
    ...(e.channel ? { channel: e.channel } : {}),
    ...(finding ? { finding } : {}),
  };
}

/** Agents that share the blame with the decisive one: other culprits and other independent origins. */
function coCulprits(report: AnalysisReport, decisive: string): string[] {
  const origins = report.decision?.originStepIds ?? [];
  const agentOfStep = agentsOfSteps(report, new Set(origins));
  const fromOrigins = origins.map((id) => agentOfStep.get(id) ?? "");
  const culprits = report.agents.filter((a) => a.role === "culprit").map((a) => a.agent);
  return [...new Set([...fromOrigins, ...culprits])].filter((a) => a && a !== decisive).slice(0, MAX_CO_CULPRITS);
}

/**
 * The agents of the given steps, the last report row of an id winning as in a Map over every row:
 * one pass, and no entry for the rows nobody asks about (a report has a row per step).
 */
function agentsOfSteps(report: AnalysisReport, ids: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  if (ids.size === 0) return out;
  for (const s of report.steps) if (ids.has(s.stepId)) out.set(s.stepId, s.agent);
  return out;
}

/** Suspects of an undetermined verdict that get a fix to try, most likely first. */
const MAX_SUSPECT_FIXES = 3;

export function suggestFixes(report: AnalysisReport, trace: TTrace): FixSuggestion[] {
  if (!report.analyzedAsFailure) return [];
  if (!report.decisive) {
    // No culprit is named, yet the run failed: each ranked suspect's fix is worth trying by replay.
    const suspects = [...new Set((report.suspects ?? []).map((s) => s.agent))].slice(0, MAX_SUSPECT_FIXES);
    return suspects.map((a) => fixForAgent(report, trace, a, "suspect")).filter((f): f is FixSuggestion => f !== null);
  }
  const first = fixForAgent(report, trace, report.decisive.agent, "decisive");
  const rest = coCulprits(report, report.decisive.agent).map((a) => fixForAgent(report, trace, a, "co-culprit"));
  return [first, ...rest].filter((f): f is FixSuggestion => f !== null);
}

/** The report with its `fixes` (absent when there is nothing to fix). */
export function withFixes(report: AnalysisReport, trace: TTrace): AnalysisReport {
  const fixes = suggestFixes(report, trace);
  return fixes.length ? { ...report, fixes } : report;
}

/**
 * The decisive fix as far as the decisive step's findings tell, for reports stored before fixes
 * existed (their list columns hold the step, not the trace): no quotes, no roles, the same types.
 */
export function fixFromFindings(
  agent: string,
  stepId: string,
  findings: { name: string; score: number }[],
  channel?: string,
): FixSuggestion {
  const e = {
    agent,
    stepId,
    stepNumber: 0,
    findings: [...findings].sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    upstreamAgents: [],
    computational: false,
    verifierLike: false,
    rejects: false,
    delegates: channel === "delegation",
    taskYears: [],
    ...(channel ? { channel } : {}),
  };
  const { fixType, finding } = classifyFix(e);
  return {
    agent,
    role: "decisive",
    fixType,
    instruction: instructionFor(fixType, e),
    author: "template",
    stepIds: [stepId],
    ...(channel ? { channel } : {}),
    ...(finding ? { finding } : {}),
  };
}
