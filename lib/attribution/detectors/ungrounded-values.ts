/**
 * Ungrounded values (fabrication): numbers an agent states that it could not have seen (task, its
 * own input, a causal ancestor's text or tool output) and cannot compute with one arithmetic
 * operation from the numbers at hand (see `grounding.ts`). Numbers ≤ 10 are ignored: they are
 * list markers and small counts far more often than facts. Values of the ground truth are never
 * fabrications. Only the agent's own claims count, not the page or output it quotes (see
 * `claimPart`): those numbers are observations, and they ground later steps. Estimates are not
 * claims either (see `claims/hedged-value.ts`), nor the hour and minute of a time of day or a day of
 * the month (`claims/calendar-piece.ts`, as value provenance reads them), nor a millisecond reading
 * of the run's own work unless the task names milliseconds, nor the result of a working the step writes
 * out and that recomputes (`claims/arithmetic.ts`), nor a number a lookup's query asks about and its
 * result gives back (`claims/lookup-query.ts`). The evidence is
 * `dependent`: downstream of corrupted input, a new value is as likely a consequence of that input as
 * a new error.
 */
import type { Detector, DetectorHit } from "./types";
import { isAgentUtterance } from "./patterns";
import { extractNumbers, normalizeNumber } from "../text-features";
import { buildGrounding, millisecondOnlyNumbers, namesMilliseconds } from "../grounding";
import { estimatedNumbers } from "../claims/hedged-value";
import { calendarOnlyNumbers } from "../claims/calendar-piece";
import { riseNumbers } from "../claims/signed-change";
import { tailOnlyNumbers, tailValue } from "../claims/at-hand-values";
import { statedWorkings } from "../claims/stated-rounding";
import { scaleFactors } from "../claims/scale-factor";
import { answeredQueryNumbers } from "../claims/lookup-query";
import { stepText } from "../build-graph";

/** Reasoning not addressed to anyone (a plan's guesses) asserts less than a message: its score is scaled. */
const THOUGHT_FACTOR = 0.6;
/** Novel numbers checked per step (the score saturates long before). */
const MAX_NOVEL = 8;

export const detectUngroundedValues: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const grounding = buildGrounding(g);
  const truth = new Set(extractNumbers(g.trace.run.groundTruth ?? ""));
  const timedTask = namesMilliseconds(g.trace.run.task);
  for (let i = 0; i < g.n; i++) {
    if (!isAgentUtterance(g, i)) continue;
    const step = g.steps[i];
    const novel: string[] = [];
    const nums = g.features[i].claimNumbers;
    // An estimate ("~120 users", "usually 2-3 retries") is a plan's expectation, not a fabricated fact.
    let estimates: Set<string> | undefined;
    // The hour and minute of a time of day ("arrives at 12:15") are no quantities (claims/calendar-piece.ts).
    let calendar: Set<string> | undefined;
    // How long the system's own work took ("query took 412 ms") is a meter of the run, as a token
    // count is, not a fact of the task: unread unless the task itself names milliseconds.
    let meters: Set<string> | undefined;
    // The magnitude of a negative seen ("a 14% decline", "a refund of $310") is that number, unless
    // stated as a rise (claims/signed-change.ts).
    let rises: Set<string> | undefined;
    let tails: Set<string> | undefined;
    // The result of a working the step writes and that recomputes ("$500 + $250 + $250 = $1,000"), or
    // of a rounding it states, is computed from its operands; an invented operand is flagged as itself.
    let worked: Set<string> | undefined;
    // What the runtime reported when the step failed (a traceback's line numbers) is observed, not
    // stated: the step's error message is no claim of its agent (ADR 0106).
    let reported: Set<string> | undefined;
    let scales: Set<string> | undefined;
    let answered: Set<string> | undefined;
    for (let k = 0; k < nums.length && novel.length < MAX_NOVEL; k++) {
      const x = nums[k];
      if (novel.includes(x) || Math.abs(Number(x)) <= 10 || truth.has(x)) continue;
      if (grounding.seenBefore(i, x)) continue;
      reported ??= new Set(step.error?.message ? extractNumbers(step.error.message) : []);
      if (reported.has(x)) continue;
      // A power of ten it multiplies or divides by converts a unit ("× 100", "by 1,000"): no fact.
      scales ??= scaleFactors(step.content);
      if (scales.has(x)) continue;
      if (Number(x) > 0 && grounding.seenBefore(i, `-${x}`) && !(rises ??= riseNumbers(step.content)).has(x)) continue;
      if (grounding.derivable(i, x, nums.slice(0, k))) continue;
      worked ??= new Set(statedWorkings(stepText(step)).map((c) => normalizeNumber(String(c.result))));
      if (worked.has(x)) continue;
      estimates ??= estimatedNumbers(step.content);
      if (estimates.has(x)) continue;
      calendar ??= calendarOnlyNumbers(step.content);
      if (calendar.has(x)) continue;
      meters ??= timedTask ? new Set() : millisecondOnlyNumbers(step.content);
      if (meters.has(x)) continue;
      // "Card ending in 1784": the last digits of an identifier at hand (claims/at-hand-values.ts).
      tails ??= tailOnlyNumbers(step.content);
      if (tails.has(x) && grounding.seenBefore(i, tailValue(x))) continue;
      // A value a lookup asked about and got back (claims/lookup-query.ts) is no statement of the caller.
      answered ??= answeredQueryNumbers(g, i);
      if (answered.has(x)) continue;
      novel.push(x);
    }
    if (novel.length > 0) {
      const score = Math.min(0.8, 1 - Math.pow(0.6, novel.length)) * (step.kind === "thought" ? THOUGHT_FACTOR : 1);
      hits.push({
        step: i,
        name: "ungrounded-value",
        score,
        mast: "FM-2.6 reasoning-action mismatch",
        dependent: true,
        evidence: {
          stepIds: [step.id],
          note: `states ${novel.slice(0, 5).join(", ")}${novel.length > 5 ? ", …" : ""}, found in no input or tool output it could see and not computable from them`,
        },
      });
    }
  }
  return hits;
};
