import { allMatches } from "../all-matches";
/**
 * Numbers a task writes in words ("twelve good days", "thirty-five pages"): an agent that restates
 * one in digits takes it from the task, it does not introduce it. Word problems write small counts
 * in words as often as in digits, and read only as digits the restatement looks like an invention.
 * Cardinals from two to ninety-nine, a tens word joined to a unit by a hyphen or a space.
 * Words of scale ("half", "twice") give their factor as an operand of a derivation, not as a value.
 * Bounded: the first MAX_SCAN characters, at most MAX_VALUES values.
 */
const MAX_SCAN = 20_000;
const MAX_VALUES = 200;

const UNITS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const WORD_RE = new RegExp(
  `\\b(?:(${TENS.join("|")})(?:[- ](${UNITS.slice(1, 10).join("|")}))?|(${UNITS.join("|")}))\\b`,
  "gi",
);

/** Characters looked back over (spaces, quotes, brackets) for what opens a sentence. */
const MAX_OPEN_LEAD = 8;

/** Whether the word at `at` opens a sentence: the text's start, a line break, or a sentence end before it. */
function opensSentence(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0 && at - i <= MAX_OPEN_LEAD; i--) {
    const c = text[i];
    if (c === "\n") return true;
    if (" \t\"'“(".includes(c)) continue;
    return ".!?:;".includes(c);
  }
  return at - MAX_OPEN_LEAD <= 0;
}

/**
 * The values ("n:12") of the numbers a text writes in words as counts. A capitalised number word
 * inside a sentence is part of a name ("Quay Seven", "Ocean's Eleven"), not a count of anything; "one"
 * and "zero" alone are mostly not counts either ("report one figure", "no one"), and as task numbers
 * they would make any value one away from another derivable.
 */
export function numberWordValues(text: string): string[] {
  const out: string[] = [];
  const scanned = text.slice(0, MAX_SCAN);
  for (const m of allMatches(WORD_RE, scanned)) {
    if (out.length >= MAX_VALUES) break;
    if (m[3] && UNITS.indexOf(m[3].toLowerCase()) <= 1) continue;
    if (/^[A-Z]/.test(m[0]) && !opensSentence(scanned, m.index)) continue;
    const n = m[3]
      ? UNITS.indexOf(m[3].toLowerCase())
      : (TENS.indexOf(m[1].toLowerCase()) + 2) * 10 + (m[2] ? UNITS.indexOf(m[2].toLowerCase()) : 0);
    out.push(`n:${n}`);
  }
  return out;
}

/** Words that scale a quantity by a small whole factor: "half of the guests" is 36 / 2, "twice as many" × 2. */
const FACTOR_RE =
  /\b(?:(half|halves|twice|double|doubled)|(thrice|triple|tripled|third|thirds)|(quarter|quarters))\b/gi;

/**
 * The factors ("2", "3", "4") a text's words of scale imply, as operands of a one-step derivation
 * from it: a step that halves a number of the task computes from the task.
 */
export function factorWordNumbers(text: string): string[] {
  const out = new Set<string>();
  for (const m of allMatches(FACTOR_RE, text.slice(0, MAX_SCAN))) {
    out.add(m[1] ? "2" : m[2] ? "3" : "4");
    if (out.size === 3) break;
  }
  return [...out];
}
