/**
 * Patterns by correction, not by name (issue 25): the failed runs of a system grouped by the fix
 * their decisive agent needs — fix type, the finding that called for it (what went wrong) and the
 * channel the error left by — so the same mistake made by differently named agents is one
 * pattern, and two different mistakes of one agent are two. Each pattern carries its runs, its
 * share of the failures, the tokens those runs spent, the agents involved, one corrective
 * instruction and what trying the fix by replay showed. Pure and deterministic.
 */
import type { FixSuggestion } from "../attribution/types";
import { FIX_TYPE_TITLES, isFixType } from "../attribution/fixes/index";

export interface CorrectionRun {
  runId: string;
  /** The decisive agent's fix; null when the analysis named no decisive error. */
  fix: FixSuggestion | null;
  tokens: number;
  /** The newest fix trial of this run for this fix type, when one finished. */
  trial?: { runs: number; flipped: number };
}

export interface CorrectionPattern {
  /** Stable across pages and runs (fix type, finding, channel): run pages link to it. */
  id: string;
  fixType: string;
  title: string;
  /** What went wrong, in words, and the channel. */
  evidence: string;
  channel: string | null;
  runIds: string[];
  /** The agent whose fix puts each run here, parallel to runIds. */
  runAgents: string[];
  count: number;
  /** count / the failed runs considered (all of them, with or without a decisive error). */
  share: number;
  tokens: number;
  agents: string[];
  instruction: string;
  /** Runs of the pattern on which the fix was tried by replay, and on how many it flipped the outcome. */
  verified: { tried: number; flipped: number };
}

export interface CorrectionPatterns {
  patterns: CorrectionPattern[];
  failedRuns: number;
  /** Failed runs with no decisive error (undetermined): in the count, in no pattern. */
  undetermined: number;
}

const FINDING_WORDS: Record<string, string> = {
  "tool-failure": "a failed tool call",
  "arithmetic-mismatch": "arithmetic that does not recompute",
  "miscomputed-aggregate": "a miscomputed total",
  "dropped-constraint": "a dropped task constraint",
  "instruction-drift": "drift from the instruction",
  "unmet-instruction": "an instruction not delivered",
  "missing-state": "state that was never written",
  "abandoned-verification": "an approval without a check",
  "false-success-claim": "a false claim of success",
  "unfounded-rejection": "a rejection of sound work",
  "premature-termination": "an early end of the run",
  "repetition-loop": "a repetition loop",
  "budget-exhaustion": "a spent budget",
  "empty-reply": "an empty reply",
  "contradicts-source": "a value contradicting its source",
  "contradicts-output": "a result misread from its output",
  "unsupported-answer": "an answer no source holds",
  "misreported-tally": "a misreported vote count",
  "overruled-consensus": "a ruling against agreeing, checked answers",
  "overruled-majority": "a ruling for the fewest-backed of the answers weighed",
  "unfounded-ruling": "a ruling for a value no one proposed",
  "wrong-extreme": "a pick the stated figures contradict",
  "unit-mismatch": "a number never converted to the unit asked for",
  "fabricated-data": "made-up data",
  "unsourced-value": "a value with no source",
  "ungrounded-value": "a value with no source",
  "ground-truth-divergence": "an answer off the ground truth",
  "request-reversal": "a request the user reversed",
  "closing-request": "a request made in the turn that ends the run",
  "unconfirmed-action": "a change made without the confirmation the policy asks for",
  "premature-stop": "a stop while work was outstanding",
  "ignored-reversal": "a withdrawn request still acted on",
};

/** Two names for one shape of evidence: both say "a value no input holds". */
const SAME_SHAPE: Record<string, string> = { "unsourced-value": "ungrounded-value" };

export function patternId(fix: Pick<FixSuggestion, "fixType" | "finding" | "channel">): string {
  const finding = fix.finding ? (SAME_SHAPE[fix.finding] ?? fix.finding) : "role";
  return `${fix.fixType}.${finding}.${fix.channel ?? "any"}`;
}

/** A trial counts as verifying the fix when most of its replays passed. */
const flippedOnRun = (t: { runs: number; flipped: number }) => t.runs > 0 && t.flipped * 2 > t.runs;

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? "";
}

export function correctionPatterns(runs: readonly CorrectionRun[]): CorrectionPatterns {
  const groups = new Map<string, CorrectionRun[]>();
  const sorted = [...runs].sort((a, b) => (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0));
  for (const run of sorted) {
    if (!run.fix) continue;
    const id = patternId(run.fix);
    groups.set(id, [...(groups.get(id) ?? []), run]);
  }
  const patterns = [...groups].map(([id, members]): CorrectionPattern => {
    const fix = members[0].fix!;
    const finding = fix.finding ? (FINDING_WORDS[fix.finding] ?? fix.finding) : "no finding; the agent's role";
    const tried = members.filter((m) => m.trial);
    return {
      id,
      fixType: fix.fixType,
      title: isFixType(fix.fixType) ? FIX_TYPE_TITLES[fix.fixType] : fix.fixType,
      evidence: `${finding}${fix.channel ? `, passed on by ${fix.channel}` : ""}`,
      channel: fix.channel ?? null,
      runIds: members.map((m) => m.runId),
      runAgents: members.map((m) => m.fix!.agent),
      count: members.length,
      share: runs.length ? members.length / runs.length : 0,
      tokens: members.reduce((s, m) => s + m.tokens, 0),
      agents: [...new Set(members.map((m) => m.fix!.agent))].sort(),
      instruction: mostCommon(members.map((m) => m.fix!.instruction)),
      verified: { tried: tried.length, flipped: tried.filter((m) => flippedOnRun(m.trial!)).length },
    };
  });
  patterns.sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : 1));
  return { patterns, failedRuns: runs.length, undetermined: runs.filter((r) => !r.fix).length };
}
