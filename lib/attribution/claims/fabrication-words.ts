import { allMatches } from "../all-matches";
/**
 * Words that say the data in code is invented rather than taken from a source ("using hypothetical
 * sales figures", "sample data"). Two uses of the same words say nothing about the data:
 * - the word names unfinished code, not data: "a placeholder function", "the spawn method is just a
 *   placeholder", "mock class" — a stub to be written later holds no invented figure;
 * - the task itself asks for it: a program told to "simulate a dice roll" simulates, and its
 *   constants are the simulation's, not figures passed off as found;
 * - an assumption about something other than a figure: "assuming psdf is a DataFrame", "assume the
 *   file exists" say what the code expects of its input. An assumption invents data only when its
 *   sentence states a number ("assuming 14 kg per crate").
 */

const FABRICATION_RE =
  /\b(?:hypothetical|assum(?:e|ed|ing)|placeholder|sample data|example data|mock|simulat(?:e|ed|ing)|dummy|for demonstration|made[- ]up|fictional|illustrative)\b/gi;

/** An assumption, and a number in its sentence (the figure it assumes; not the digit of a name such as "r2"). */
const ASSUME_RE = /^assum/i;
const DIGIT_RE = /(?<![A-Za-z_])\d/;

/** A unit of code in the same sentence as the word: the word then describes code, not data. */
const CODE_UNIT_RE = /\b(?:functions?|methods?|class(?:es)?|implementations?|stubs?|procedures?|routines?)\b/i;

/** Characters of the step read for the words, and words looked at (bounded work per step). */
const SCAN = 20_000;
const MAX_WORDS = 16;
/** Characters read either side of a word for its sentence. */
const SENTENCE = 160;

/** The sentence around text[start, end): up to the nearest end of a sentence or line either side, within SENTENCE. */
function sentenceAround(text: string, start: number, end: number): string {
  let a = start;
  while (a > 0 && start - a < SENTENCE && !/[.!?\n]/.test(text[a - 1])) a--;
  let b = end;
  while (b < text.length && b - end < SENTENCE && !/[.!?\n]/.test(text[b])) b++;
  return text.slice(a, b);
}

/**
 * The first word in `text` that says its data is invented, or null. `task` is the run's task: a
 * word it uses (compared by its first six letters, "simulat" for "simulating") is the job asked for.
 */
export function fabricationWord(text: string, task: string): string | null {
  const scan = text.length > SCAN ? text.slice(0, SCAN) : text;
  if (!/[a-z]/i.test(scan)) return null;
  const asked = task.toLowerCase();
  let n = 0;
  for (const m of allMatches(FABRICATION_RE, scan)) {
    if (++n > MAX_WORDS) break;
    if (asked.includes(m[0].toLowerCase().slice(0, 6))) continue;
    const sentence = sentenceAround(scan, m.index!, m.index! + m[0].length);
    if (CODE_UNIT_RE.test(sentence)) continue;
    if (ASSUME_RE.test(m[0]) && !DIGIT_RE.test(sentence)) continue;
    return m[0];
  }
  return null;
}
