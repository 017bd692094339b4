/**
 * Periods named in words: "the autumn picking", "the spring semester", "the night shift". No shape
 * tells such a phrase from any other, so it is read only where a result says a value is its period (a
 * field or a table column named "period": `periodFieldValues`). When that
 * value ends in a word the task also uses ("picking"), the task's own period is that word with the
 * words it puts before it ("the autumn picking"); a value that shares none of those words named
 * another period of the same kind, and its lookup answered another question than the task's. A
 * record's heading slice is not read: without a year or a period word nothing shows it is a period.
 */
import { periodFieldValues, periodQualifiers } from "./period-qualifiers";

/** Words that end a period's modifiers when reading back from its head word. */
const BOUNDARY = new Set([
  "the",
  "a",
  "an",
  "of",
  "in",
  "during",
  "for",
  "from",
  "on",
  "at",
  "over",
  "by",
  "and",
  "or",
  "to",
  "with",
  "between",
  "across",
  "through",
]);
/** A named period is short: a head word and one to three words before it. */
const MAX_MODIFIERS = 3;
/** A named period is words and nothing else ("the night shift"): no digit, quote, bracket or stop. */
const WORDS_ONLY_RE = /^[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){1,4}$/;

export interface NamedPeriod {
  /** The other period the result holds, as it writes it. */
  raw: string;
  /** The task's period of the same kind ("autumn picking"). */
  wanted: string;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z][a-z'-]*|\d+/g) ?? [];

/** The task's modifiers of `head` at its first use as a period's head, or null. */
function taskModifiers(taskWords: readonly string[], head: string): string[] | null {
  const i = taskWords.indexOf(head);
  if (i < 1) return null;
  const mods: string[] = [];
  for (let j = i - 1; j >= 0 && mods.length < MAX_MODIFIERS && !BOUNDARY.has(taskWords[j]); j--)
    mods.unshift(taskWords[j]);
  return mods.length > 0 ? mods : null;
}

/** The first period a result's period fields name in words that is not the task's, or undefined. */
export function otherNamedPeriod(text: string, task: string): NamedPeriod | undefined {
  // A heading's slice ("Harrow, main branch: …") need not be a period; only a field that says it is one counts.
  const values = periodFieldValues(text, false);
  if (values.length === 0) return undefined;
  const taskWords = wordsOf(task);
  if (taskWords.length === 0) return undefined;
  for (const value of values) {
    if (!WORDS_ONLY_RE.test(value) || periodQualifiers(value).length) continue;
    const words = wordsOf(value).filter((w) => !BOUNDARY.has(w));
    if (words.length < 2 || words.length > MAX_MODIFIERS + 1) continue;
    const head = words[words.length - 1];
    const mods = taskModifiers(taskWords, head);
    if (!mods) continue;
    const own = words.slice(0, -1);
    if (own.some((w) => mods.includes(w))) continue;
    return { raw: value, wanted: `${mods.join(" ")} ${head}` };
  }
  return undefined;
}

/** Whether the text names the task's period in words ("autumn picking"). */
export const keepsNamedPeriod = (text: string, p: NamedPeriod) =>
  ` ${wordsOf(text).join(" ")} `.includes(` ${p.wanted} `);
