/**
 * A number passed on without its unit's conversion. The task asks in one unit of a known pair
 * ("how far … in kilometres?"), a source states the number in the other ("150 miles"), and an agent
 * then states that same number without the source's unit: the number was never converted, and the
 * answer holds it. The `unit-mismatch` finding sits on the first such agent step. That step is
 * where the unit was lost, whoever found the number: the source was right.
 * Bounded: at most MAX_NUMBERS of the answer's numbers, the last WINDOW steps before the answer,
 * over the claims provenance already read.
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance, isToolOutput } from "../detectors/patterns";
import { CONVERSIONS } from "../whole-derivations";
import { answerValues, type ClaimFinding } from "./claim-findings";
import { isAgentToolCall, type Provenance } from "./provenance";
import { taskText } from "./task-text";

export const UNIT_MISMATCH_SCORE = 0.75;
const WINDOW = 400;
const MAX_NUMBERS = 8;
const MAX_TASK = 4_000;
/** Characters after a number read for its unit. */
const UNIT_CHARS = 16;

/** The unit the task asks in, and its pair's other unit, when the task names exactly one side of one pair. */
function askedUnit(task: string): { asked: RegExp; other: RegExp } | null {
  const text = task.slice(0, MAX_TASK);
  let found: { asked: RegExp; other: RegExp } | null = null;
  for (const c of CONVERSIONS) {
    const from = c.from.test(text);
    const to = c.to.test(text);
    if (from === to) continue;
    if (found) return null;
    found = from ? { asked: c.from, other: c.to } : { asked: c.to, other: c.from };
  }
  return found;
}

/** Whether the number at [start, end) of `text` is written with a unit `unit` matches. */
function writtenIn(text: string, start: number, end: number, unit: RegExp): boolean {
  // The unit patterns match a word anywhere, or an abbreviation right after a digit: read the
  // number's last digit and the few characters after it.
  return unit.test(text.slice(Math.max(start, end - 1), end + UNIT_CHARS).replace(/^\D+/, ""));
}

export function findUnitMismatches(g: EngineGraph, prov: Provenance): ClaimFinding[] {
  const units = askedUnit(taskText(g));
  if (!units) return [];
  const answer = answerValues(g, prov);
  const numbers = [...answer.values].filter((x) => x.startsWith("n:")).slice(0, MAX_NUMBERS);
  if (!numbers.length || answer.step < 0) return [];
  const out: ClaimFinding[] = [];
  for (const value of numbers) {
    let source = -1;
    for (let v = Math.max(0, answer.step - WINDOW); v <= answer.step; v++) {
      const utterance = isAgentUtterance(g, v);
      if ((!utterance && !isToolOutput(g, v)) || isAgentToolCall(g, v)) continue;
      const { asserted, observed } = prov.claims[v];
      const stated = [...asserted, ...observed].filter((c) => c.value === value);
      if (!stated.length) continue;
      const text = stepText(g.steps[v]);
      if (source < 0) {
        if (stated.some((c) => writtenIn(text, c.start, c.end, units.other))) source = v;
        continue;
      }
      if (!utterance || !prov.visible(source, v)) continue;
      const lost = stated.find((c) => !writtenIn(text, c.start, c.end, units.other));
      if (!lost) continue;
      out.push({
        step: v,
        name: "unit-mismatch",
        score: UNIT_MISMATCH_SCORE,
        value,
        quote: lost.raw,
        against: source,
        reachesAnswer: true,
        note: `states ${lost.raw} without the unit ${g.steps[source].id} gave it in, where the task asks in another unit: the number was never converted`,
      });
      break;
    }
  }
  return out;
}
