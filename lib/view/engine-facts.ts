/**
 * What the engine found on one step, in words a reader understands: percentages instead of raw
 * scores, "chance this step is wrong" instead of "P(bad)", "fixing it alone would …" instead of
 * "but-for" and "minimal joint repair". Each fact carries how it is computed (`method`), shown as
 * a tooltip and under "How the engine computes these". The engine's report is read as it is; only
 * its wording changes here.
 */
import type { StepReport } from "../attribution/types";

export interface EngineFact {
  /** Stable key (also the e2e hook). */
  key: "wrong" | "fault" | "responsibility" | "fix" | "path";
  label: string;
  value: string;
  /** How the engine computes it, in one or two plain sentences. */
  method: string;
}

/** The "P(bad) = 0.39" the engine appends to the counterfactual note of a step it found no fault on. */
const PROBABILITY = /;?\s*P\(bad\)\s*=\s*(\d+(?:\.\d+)?(?:e-?\d+)?)/i;

/** The engine's counterfactual notes, reworded (anything else is shown as written). */
const NOTE_WORDS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^a symptom of corrupted input: repaired with the upstream origin$/, () => "it only passed on a wrong input"],
  [/^not faulty$/, () => "no fault found on this step"],
  [
    /^faulty but beyond the (\d+) evaluated candidates$/,
    (m) => `at fault, but past the ${m[1]} steps the engine tested`,
  ],
  [/^the model does not reach the failure from any fault$/, () => "no fault the engine found leads to the failure"],
  [/^repairing this step alone makes the run succeed$/, () => "fixing this step alone makes the run succeed"],
  [
    /^needed in the minimal joint repair$/,
    () => "one of the fewest steps that must all be fixed for the run to succeed",
  ],
  [/^other faults still cause the failure$/, () => "other faults still cause the failure"],
];

/** "73%", "<1%" for a small non-zero share, ">99%" just below one. */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return "<1%";
  if (p < 1 && p > 0.995) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** The chance the engine gives that the step is wrong, when its note states it (steps it found no fault on). */
export function chanceWrong(note: string): number | null {
  const m = PROBABILITY.exec(note);
  if (!m) return null;
  const p = Number(m[1]);
  return Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : null;
}

/** The counterfactual note without the probability, in plain words. */
export function plainNote(note: string): string {
  const bare = note.replace(PROBABILITY, "").trim();
  for (const [re, say] of NOTE_WORDS) {
    const m = re.exec(bare);
    if (m) return say(m);
  }
  return bare;
}

/** "1 other step", "2 other steps". */
const others = (k: number) => `${k} other step${k === 1 ? "" : "s"}`;

/** A degree of responsibility 1/(k+1) in words: "none", "full: …", "1 in 3: 2 other steps must be fixed with it". */
export function responsibilityValue(r: number): string {
  if (r <= 0) return "none";
  if (r >= 0.999) return "full: no other step needs fixing with it";
  const k = Math.max(1, Math.round(1 / r) - 1);
  return `1 in ${k + 1}: ${others(k)} must be fixed with it`;
}

/** The step's engine findings as labelled facts, in reading order. */
export function engineFacts(
  report: Pick<StepReport, "fault" | "responsibility" | "counterfactual" | "onPath" | "corrupted">,
): EngineFact[] {
  const facts: EngineFact[] = [];
  const wrong = chanceWrong(report.counterfactual.note);
  if (wrong !== null)
    facts.push({
      key: "wrong",
      label: "chance this step is wrong",
      value: percent(wrong),
      method:
        "The engine's estimate that what this step passed on was wrong: the fault evidence on the step itself " +
        "combined with the chance that a wrong input reached it along the run's messages, shared state and " +
        "hand-offs (noisy-OR propagation).",
    });
  facts.push({
    key: "fault",
    label: "fault evidence",
    value: report.fault > 0 ? percent(report.fault) : "none",
    method:
      "How strongly the detectors that fired on this step point to a fault here: their scores combined " +
      "(noisy-OR). The engine treats a step as at fault from 50%.",
  });
  facts.push({
    key: "responsibility",
    label: "responsibility",
    value: responsibilityValue(report.responsibility),
    method:
      "Degree of responsibility (Chockler and Halpern): 1 in k+1, where k is the fewest other steps that " +
      "must also be fixed before fixing this one changes the outcome.",
  });
  const note = plainNote(report.counterfactual.note);
  facts.push({
    key: "fix",
    label: "if fixed",
    value: report.counterfactual.flips
      ? "the outcome changes: fixing this step alone is enough"
      : `the outcome stays the same${note ? ` — ${note}` : ""}`,
    method:
      "The engine repairs this step in its model of the run (its output made correct, everything else kept) " +
      "and re-evaluates whether the run still fails.",
  });
  facts.push({
    key: "path",
    label: "path",
    value: report.onPath
      ? "on the way from the fault to the answer"
      : report.corrupted
        ? "reached by a wrong input"
        : "not on the fault's path",
    method: "Whether the error the verdict traces passed through this step on its way to the final answer.",
  });
  return facts;
}
