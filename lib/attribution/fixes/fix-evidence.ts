/**
 * What the report and the trace say about one agent's mistake, in the terms a fix needs: the step,
 * the findings on it (detectors and claim findings), the tool that failed, who
 * delegated to it or whose work it approved, and the channel its output left by. Read-only over
 * report fields and the trace, so it works on any report whatever pipeline wrote it.
 */
import type { TTrace } from "../../trace/schema";
import type { AnalysisReport, StepReport } from "../types";

export interface FixEvidence {
  agent: string;
  stepId: string;
  /** 1-based position of the step in the trace (what people see as "step N"). */
  stepNumber: number;
  /** Detector and claim finding names on the step, strongest first. */
  findings: { name: string; score: number }[];
  toolName?: string;
  /** The step ended the run right after a tool output failed. */
  afterToolFailure?: true;
  /** Agents whose messages reached this step (who delegated to it, whose work it approved). */
  upstreamAgents: string[];
  /** The step's text reports a computation (a sum, total, count …) and the agent had no tool output to cite. */
  computational: boolean;
  /** The step hands work to another agent (a delegation), rather than doing it. */
  delegates: boolean;
  /** Years the task states, when a finding says the agent dropped one (the one constraint found by shape). */
  taskYears: string[];
  /** The agent acts as a checker: its role in the report, its participant kind, or an approval. */
  verifierLike: boolean;
  /** The step's text rejects (or flags as wrong) the work it was shown. */
  rejects: boolean;
  channel?: string;
}

const COMPUTATION = /\b(sum|total|product|average|mean|difference|count|squares?|percent(age)?|ratio|result)\b/i;
const APPROVAL = /^\s*(approved?|lgtm|looks good|verified|rejected?|accept(ed)?)\b/i;
const REJECTION = /^\s*(rejected?|not approved|incorrect|wrong)\b/i;
/** Longest tool name an instruction quotes. */
const MAX_QUOTE = 80;
const YEAR = /\b(19|20)\d\d\b/g;

type TraceStep = TTrace["steps"][number];

const isTool = (s: TraceStep) => s.kind === "tool_result" || (s.kind === "tool_call" && s.tool?.result !== undefined);

/**
 * The steps of the given ids, the last step of each id winning as in a Map built over every step
 * (ids are unique in a valid trace): one pass, and no entry for the steps nobody asks about.
 */
function stepsById(trace: TTrace, ids: ReadonlySet<string>): Map<string, TraceStep> {
  const found = new Map<string, TraceStep>();
  if (ids.size === 0) return found;
  for (const s of trace.steps) if (ids.has(s.id)) found.set(s.id, s);
  return found;
}

/** Whether the agent of step `index` had a tool output before it (its own call, or one fed to it by an edge). */
function sawToolOutput(trace: TTrace, index: number, into: readonly TTrace["edges"][number][]): boolean {
  const step = trace.steps[index];
  if (!step) return false;
  for (let i = 0; i < index; i++) {
    const s = trace.steps[i];
    if (s.agent === step.agent && isTool(s)) return true;
  }
  const byId = stepsById(trace, new Set(into.map((e) => e.from)));
  return into.some((e) => isTool(byId.get(e.from) ?? step));
}

/** The step a fix for `agent` is about: the decisive step for the decisive agent, else its most faulty step. */
function stepFor(report: AnalysisReport, trace: TTrace, agent: string): StepReport | undefined {
  if (report.decisive?.agent === agent) {
    const decisive = report.steps.find((s) => s.stepId === report.decisive?.stepId);
    if (decisive) return decisive;
  }
  let best: StepReport | undefined;
  for (const s of report.steps)
    if (s.agent === agent && s.detectors.length && (!best || s.fault > best.fault)) best = s;
  if (best) return best;
  const last = trace.steps.findLast((s) => s.agent === agent && s.kind !== "agent" && s.kind !== "tool_result");
  return last ? report.steps.find((s) => s.stepId === last.id) : undefined;
}

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_QUOTE ? `${flat.slice(0, MAX_QUOTE - 1)}…` : flat;
};

export function fixEvidence(report: AnalysisReport, trace: TTrace, agent: string): FixEvidence | null {
  const step = stepFor(report, trace, agent);
  if (!step) return null;
  const index = trace.steps.findIndex((s) => s.id === step.stepId);
  const traceStep = trace.steps[index];
  const claims = (report.claims ?? []).filter((c) => c.stepId === step.stepId);
  const findings = [
    ...step.detectors.map((d) => ({ name: d.name, score: d.score })),
    ...claims.map((c) => ({ name: c.detector, score: c.score })),
  ].sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const into = trace.edges.filter((e) => e.to === step.stepId);
  const from = stepsById(trace, new Set(into.map((e) => e.from)));
  const upstreamAgents = [...new Set(into.map((e) => from.get(e.from)?.agent ?? "").filter((a) => a && a !== agent))];
  const content = traceStep?.content ?? "";
  return {
    agent,
    stepId: step.stepId,
    stepNumber: index + 1,
    findings,
    ...toolOf(trace, step),
    upstreamAgents,
    computational: COMPUTATION.test(content) && /\d/.test(content) && !sawToolOutput(trace, index, into),
    delegates:
      traceStep?.kind === "delegate" || trace.edges.some((e) => e.from === step.stepId && e.kind === "delegation"),
    taskYears: findings.some((f) => f.name === "dropped-constraint")
      ? [...new Set(trace.run.task?.match(YEAR) ?? [])].slice(0, 3)
      : [],
    verifierLike: isVerifierLike(report, agent, content),
    rejects: REJECTION.test(content),
    ...channelOf(report, trace, step.stepId, agent),
  };
}

/**
 * The failed tool, from the tool-failure finding's first step (the tool output), or the failed
 * output a premature end came right after (the run ended because the error was not handled).
 */
function toolOf(trace: TTrace, step: StepReport): { toolName?: string; afterToolFailure?: true } {
  const failure = step.detectors.find((d) => d.name === "tool-failure")?.evidence.stepIds[0];
  const ended = step.detectors.find(
    (d) => d.name === "premature-termination" && /failed tool output/.test(d.evidence.note),
  );
  const id = failure ?? ended?.evidence.stepIds[1];
  const tool = id ? trace.steps.find((s) => s.id === id) : undefined;
  const prior = tool?.kind === "tool_result" ? trace.steps[trace.steps.indexOf(tool) - 1] : undefined;
  const name = tool?.tool?.name ?? (prior?.kind === "tool_call" ? prior.tool?.name : undefined) ?? tool?.name;
  return { ...(name ? { toolName: clip(name) } : {}), ...(ended ? { afterToolFailure: true as const } : {}) };
}

function isVerifierLike(report: AnalysisReport, agent: string, content: string): boolean {
  if (report.agents.find((a) => a.agent === agent)?.role === "missed-check") return true;
  const participants = (report as { participants?: { agent: string; kind: string }[] }).participants;
  if (participants?.some((p) => p.agent === agent && p.kind === "verifier")) return true;
  return APPROVAL.test(content);
}

/** The channel the agent's output left by: the step's outgoing edge, else its hop on the path. */
function channelOf(report: AnalysisReport, trace: TTrace, stepId: string, agent: string): { channel?: string } {
  const out = trace.edges.find((e) => e.from === stepId);
  if (out) return { channel: out.kind };
  const hop = report.channelPath.find((h) => h.fromAgent === agent);
  return hop?.edgeKinds[0] ? { channel: hop.edgeKinds[0] } : {};
}
