/**
 * A pick the run's own figures contradict. The task asks for the extreme of a measure ("Which is
 * taller, A or B?", "the cheapest of these plans"). The steps state one figure per option ("A is
 * 4,500 m high", "B is 5,200 m high"), and the answer names an option that another stated option
 * beats in the asked direction. Every figure was right, so provenance finds nothing. The error is
 * the comparison, at the step that first names the answer as the pick after both figures were in
 * view: the `wrong-extreme` finding.
 *
 * Read narrowly, so that a figure is one option's measure and not any number nearby:
 * - the task asks for one extreme, in one direction (most or least, not both; no rank past the
 *   first, no bound such as "taller than");
 * - the answer is a name;
 * - a figure is the one number of a sentence, followed by its unit (a word such as "m", "people"
 *   or "km", a currency or a percent). The answer's figure is in a sentence that holds every word
 *   of the answer. A rival's figure has the same unit, in a sentence that does not hold every word
 *   of the answer and names something else in capitals.
 * Bounded: the last WINDOW steps before the pick, over the claims provenance already read (each
 * number's sentence is looked up in at most SENTENCE_CHARS either side).
 */
import type { EngineGraph } from "../build-graph";
import { stepText } from "../build-graph";
import { isAgentUtterance, isToolOutput } from "../detectors/patterns";
import type { ClaimFinding } from "./claim-findings";
import type { Claim } from "./extract-claims";
import { isAgentToolCall, type Provenance } from "./provenance";
import { sentenceAround } from "./sentence-around";
import { wordsOf } from "./stated-values";
import { runAnswer } from "./typed-answer-origin";
import { taskText } from "./task-text";
import { allMatches } from "../all-matches";

export const EXTREME_SCORE = 0.75;
const WINDOW = 400;
const MAX_TEXT = 20_000;
const MAX_TASK = 4_000;

const MOST =
  /\b(?:tallest|taller|highest|higher|largest|larger|biggest|bigger|longest|longer|greatest|greater|heaviest|heavier|deepest|deeper|widest|wider|fastest|faster|most expensive|more expensive|most populous|more populous)\b/i;
const LEAST =
  /\b(?:shortest|shorter|lowest|lower|smallest|smaller|least|fewest|fewer|cheapest|cheaper|lightest|lighter|shallowest|shallower|narrowest|narrower|slowest|slower|least expensive|less expensive)\b/i;
/** Words after a number that name no unit. */
const NOT_UNITS = new Set([
  "and",
  "or",
  "in",
  "of",
  "the",
  "to",
  "for",
  "a",
  "an",
  "as",
  "at",
  "on",
  "by",
  "with",
  "is",
  "was",
  "from",
]);

interface Figure {
  step: number;
  num: number;
  unit: string;
  raw: string;
  words: Set<string>;
}

/**
 * Tasks that ask for something other than the one extreme: a rank past the first ("the second
 * tallest"), a bound ("taller than 3,000 m", "at least 3").
 */
const NOT_THE_EXTREME = /\b(?:second|third|fourth|fifth|next|than|at least)\b/i;

/** The direction the task asks for: 1 the most, −1 the least, 0 neither or both. */
function askedDirection(task: string): number {
  const text = task.slice(0, MAX_TASK);
  if (NOT_THE_EXTREME.test(text)) return 0;
  const most = MOST.test(text);
  const least = LEAST.test(text);
  return most === least ? 0 : most ? 1 : -1;
}

/** The unit written with a number: its currency or percent, else the word right after it. */
function unitOf(text: string, c: Claim): string {
  if (c.unit) return c.unit;
  const word = /^\s?([a-z]+)\b/i.exec(text.slice(c.end, c.end + 20))?.[1]?.toLowerCase();
  return word && !NOT_UNITS.has(word) ? word : "";
}

/** Sentences of one number with a unit, from the steps before `until` (their claims, read once by provenance). */
function figures(g: EngineGraph, prov: Provenance, until: number): Figure[] {
  const out: Figure[] = [];
  for (let v = Math.max(0, until - WINDOW); v < until; v++) {
    if (isAgentToolCall(g, v) || (!isAgentUtterance(g, v) && !isToolOutput(g, v))) continue;
    const { asserted, observed } = prov.claims[v];
    const numbers = [...asserted, ...observed].filter((c) => c.kind === "number" && c.num !== undefined);
    if (!numbers.length) continue;
    const text = stepText(g.steps[v]);
    for (const c of numbers) {
      const [a, b] = sentenceAround(text, c.start, c.end);
      if (numbers.some((d) => d !== c && d.start >= a && d.end <= b)) continue;
      const sentence = text.slice(a, b);
      const unit = unitOf(text, c);
      if (unit) out.push({ step: v, num: c.num!, unit, raw: sentence.trim(), words: new Set(wordsOf(sentence)) });
    }
  }
  return out;
}

/** Whether a sentence names, in capitals past its first word, something other than the answer. */
function namesOther(sentence: string, answer: readonly string[]): boolean {
  for (const m of allMatches(/\s([A-Z][a-z]+)/g, sentence))
    if (!answer.some((w) => wordsOf(m[1]).includes(w))) return true;
  return false;
}

export function findExtremePicks(g: EngineGraph, prov: Provenance): ClaimFinding[] {
  const direction = askedDirection(taskText(g));
  if (!direction) return [];
  const { value: answer, last } = runAnswer(g);
  if (!answer || last < 0 || answer.kind === "number" || !answer.words?.length) return [];
  const answerWords = answer.words.flatMap((w) => wordsOf(w));
  if (!answerWords.length) return [];
  const all = figures(g, prov, last + 1);
  // The answer's figure: one value, however often it is restated.
  const own = all.filter((f) => answerWords.every((w) => f.words.has(w)));
  if (!own.length || own.some((f) => f.num !== own[0].num || f.unit !== own[0].unit)) return [];
  const mine = own[0];
  const rival = all.find(
    (f) =>
      f.unit === mine.unit &&
      !answerWords.every((w) => f.words.has(w)) &&
      namesOther(f.raw, answerWords) &&
      direction * (f.num - mine.num) > 0,
  );
  if (!rival) return [];
  // The pick: the first agent statement of the answer once both figures were in view.
  const inView = Math.max(mine.step, rival.step);
  let pick = -1;
  for (let v = inView + 1; v <= last && pick < 0; v++)
    if (isAgentUtterance(g, v) && prov.visible(inView, v)) {
      const words = new Set(wordsOf(stepText(g.steps[v]).slice(0, MAX_TEXT)));
      if (answerWords.every((w) => words.has(w))) pick = v;
    }
  if (pick < 0) return [];
  const note = `names ${answer.raw} as the ${direction > 0 ? "most" : "least"}, but ${g.steps[rival.step].id} gives "${clip(rival.raw)}" against ${g.steps[mine.step].id}'s "${clip(mine.raw)}"`;
  return [
    {
      step: pick,
      name: "wrong-extreme",
      score: EXTREME_SCORE,
      value: answer.value,
      quote: answer.raw,
      against: rival.step,
      reachesAnswer: true,
      note,
    },
  ];
}

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s);
