/**
 * An undetermined verdict: when the fitted confidence of the rule-based pick is below the threshold
 * shipped in `weights.json` (`undeterminedBelow`, chosen leave-one-source-out, see ADR 0027), or the
 * run's outcome is unknown, the report names no root cause. `decisive` becomes null and `suspects`
 * ranks the agents that might be it: the rule-based pick first (what the evidence points at, with its
 * fitted confidence as probability), then the other agents by blame, each at its strongest step, the
 * rest of the probability shared in proportion to blame.
 */
import type { AnalysisReport } from "../types";
import type { ParticipantKind } from "./participants";
import { round6 as round } from "../round6";

/** Participants that only hand over work or output: never a suspect. */
const NOT_SUSPECT: ReadonlySet<ParticipantKind> = new Set(["task-giver", "harness", "environment"]);
const MAX_SUSPECTS = 5;

export type Suspect = { agent: string; stepId: string; score: number; probability: number };

/**
 * Each agent's step with the largest fault score (the first of equal ones), in one pass over the
 * report's steps rather than one pass per agent.
 */
function faultiestSteps(report: AnalysisReport): Map<string, { id: string; fault: number }> {
  const best = new Map<string, { id: string; fault: number }>();
  for (const s of report.steps) {
    const b = best.get(s.agent);
    if (!b || s.fault > b.fault) best.set(s.agent, { id: s.stepId, fault: s.fault });
  }
  return best;
}

/** The step of `agent` with the largest fault score (its blame evidence first), or undefined. */
function strongestStep(
  report: AnalysisReport,
  agent: string,
  faultiest: () => Map<string, { id: string; fault: number }>,
): string | undefined {
  const own = report.agents.find((a) => a.agent === agent)?.evidence.stepIds[0];
  if (own) return own;
  return faultiest().get(agent)?.id;
}

export function rankSuspects(report: AnalysisReport, kinds: Map<string, ParticipantKind>): Suspect[] {
  const d = report.decisive;
  const blameOf = (agent: string) => report.agents.find((a) => a.agent === agent)?.blame ?? 0;
  const lead = d ? [{ agent: d.agent, stepId: d.stepId, blame: blameOf(d.agent) }] : [];
  // Agents in report order until the list is full: the ones past it are never read.
  let steps: Map<string, { id: string; fault: number }> | undefined;
  const faultiest = () => (steps ??= faultiestSteps(report));
  const rest: { agent: string; stepId: string; blame: number }[] = [];
  for (const a of report.agents) {
    if (lead.length + rest.length >= MAX_SUSPECTS) break;
    if (a.agent === d?.agent || NOT_SUSPECT.has(kinds.get(a.agent) ?? "worker")) continue;
    const stepId = strongestStep(report, a.agent, faultiest);
    if (stepId !== undefined) rest.push({ agent: a.agent, stepId, blame: a.blame });
  }
  const ranked = [...lead, ...rest].slice(0, MAX_SUSPECTS);
  const top = d ? d.confidence : 0;
  const others = ranked.slice(lead.length);
  const mass = others.reduce((s, a) => s + Math.max(0, a.blame), 0);
  const shares = others.map((a) => (mass > 0 ? Math.max(0, a.blame) / mass : 1 / others.length));
  const leadMicro = lead.length ? Math.round(top * MICRO) : 0;
  const restMicro = splitMicro(others.length ? MICRO - leadMicro : 0, shares);
  return ranked.map((a, i) => {
    const micro = i < lead.length ? leadMicro : restMicro[i - lead.length];
    return { agent: a.agent, stepId: a.stepId, score: round(a.blame), probability: micro / MICRO };
  });
}

/** Report numbers carry six decimals (round6); the suspects' probabilities are split in those units. */
const MICRO = 1e6;

/**
 * `total` units split by `shares` (summing to 1), each rounded down and the units left over given to
 * the largest remainders, so the parts sum to `total` exactly: rounding each part on its own can
 * carry the suspects' probabilities past 1.
 */
function splitMicro(total: number, shares: number[]): number[] {
  const exact = shares.map((s) => total * s);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, x) => s + x, 0);
  const order = exact.map((_, i) => i).sort((i, j) => exact[j] - parts[j] - (exact[i] - parts[i]) || i - j);
  for (const i of order) {
    if (left <= 0) break;
    parts[i]++;
    left--;
  }
  return parts;
}

/** The 1-based step number of a step id (the contract for every human text). */
function stepNumber(report: AnalysisReport, stepId: string): number {
  return report.steps.findIndex((s) => s.stepId === stepId) + 1;
}

/** Turns a determined failure verdict into suspects; returns whether it did. */
export function markUndetermined(report: AnalysisReport, kinds: Map<string, ParticipantKind>, below: number): boolean {
  const d = report.decisive;
  if (!d || !report.analyzedAsFailure) return false;
  const unknown = report.outcome === "unknown";
  if (!unknown && d.confidence >= below) return false;
  const suspects = rankSuspects(report, kinds);
  report.suspects = suspects;
  report.decisive = null;
  report.decisionSource = "undetermined";
  // No root cause: the agent the rules would have named is a suspect, not the culprit.
  for (const a of report.agents) if (a.role === "culprit") a.role = "suspect";
  const why = unknown
    ? "the run's outcome is unknown"
    : `the fitted confidence of the best-supported step is ${Math.round(d.confidence * 100)}%, below ${Math.round(below * 100)}%`;
  const list = suspects.map((s) => `${s.agent} at step ${stepNumber(report, s.stepId)}`).join(", ");
  report.verdict = `Undetermined: ${why}, so no root cause is named; suspects, most likely first: ${list}.`;
  return true;
}
