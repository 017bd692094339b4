/**
 * A value stated as an estimate is not a claim of fact: "~120 users", "about 8 hours", "usually
 * 2-3 retries", "maybe $45 a month" say what the agent expects, not what it found. An estimate with no source is
 * ordinary planning (a plan's educated guesses, a rough split of a budget), so it is no evidence of
 * a fabricated value; a precise value with no source still is. Linear and bounded: reads at most the
 * claim's own line, clipped to LINE characters either side.
 */
import { numbersOnlyAs } from "../text-features";
import { sentenceStart } from "./sentence-around";
import { allMatches } from "../all-matches";

const BEFORE = 16;
/** Text scanned for estimates (the detectors read no further). */
const MAX_SCAN = 20_000;
const LINE = 200;
/**
 * A hedge right before the value ("~", "about", "roughly", "up to"), allowing a currency mark; or the
 * value offered as an example, a choice the plan may make ("e.g. 500 samples", "a large number, say
 * 500", "for instance 500"): what it would pick, not what it found.
 */
const HEDGE_BEFORE_RE =
  /(?:~|≈|\babout|\baround|\bapprox(?:imately|\.)?|\broughly|\bnearly|\balmost|\bup to|\bestimated?|\be\.g\.,?|\bfor (?:example|instance),?|[,(]\s*say,?)\s*[$€£]?\s*$/i;
/** A line that says its values are expected, not found. */
const HEDGED_LINE_RE =
  /\b(?:educated guess(?:es)?|guess(?:es|ed)?|typical(?:ly)?|usually|estimates?|estimated|roughly|approximately|probably|likely|maybe|perhaps)\b/i;
/** One end of a numeric range ("1200-1800", "2–3", "3 to 5"). */
const RANGE_AFTER_RE = /^\s*(?:-|–|—|to)\s*[$€£]?\d/;
const RANGE_BEFORE_RE = /\d\s*(?:-|–|—|to)\s*[$€£]?$/;

/** An example marker: what follows, to the list's end, is offered as an example. */
const EXAMPLE_MARK_RE = /\b(?:e\.g\.|for (?:example|instance)|such as)[,:]?\s*/gi;
/** Characters before a value searched for the example marker that opens its list. */
const EXAMPLE_SPAN = 80;
/** What a list of examples is made of between its marker and a later item: values, months, "or", "and". */
const LIST_TOKEN_RE =
  /^(?:[$€£]?\d[\d.,/-]*(?:st|nd|rd|th|%)?|or|and|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?)$/;

/**
 * Whether the value at `start` is a later item of a list of examples ("e.g., 14 March 1998, 14
 * March 2002", "a year such as 1998 or 2002"): only values, months, "or" and "and" lie between
 * the marker and it.
 */
function inExampleList(text: string, start: number): boolean {
  const from = Math.max(0, start - EXAMPLE_SPAN);
  const window = text.slice(from, start);
  let after = -1;
  for (const m of allMatches(EXAMPLE_MARK_RE, window)) after = m.index + m[0].length;
  if (after < 0) return false;
  const between = window.slice(after).trim();
  return between === "" || between.split(/[\s,]+/).every((t) => t === "" || LIST_TOKEN_RE.test(t));
}

/**
 * A round threshold the text compares with ("over $200", "more than 1,000 rows", "the 50 % mark"): a
 * bound, as imprecise as an estimate, not a value the step claims to have found. Only round values:
 * "over 4,137 rows" is as precise as the count itself.
 */
const BOUND_BEFORE_RE =
  /(?:\bover|\babove|\bbelow|\bunder|\b(?:more|less|fewer) than|\bat (?:least|most)|\bexceed(?:s|ed|ing)?|\bsurpass(?:es|ed|ing)?|\bbeyond|\b(?:cross(?:es|ed|ing)?|break(?:s|ing)?|broke|top(?:s|ped|ping)?) the)\s*[$€£]?\s*$/i;
const MARK_AFTER_RE = /^\s*(?:%\s*)?(?:mark|barrier|threshold|milestone|level)\b/i;
/** One significant digit, or two ending in 5 or 0, then zeros: 2, 200, 250, 1,000 (not 47, 4,137 or 2.5). */
const ROUND_RE = /^[1-9](?:[05]?0+)?$/;

function isRoundBound(text: string, start: number, end: number): boolean {
  const digits = text
    .slice(start, end)
    .replace(/^[$€£]/, "")
    .replace(/,/g, "");
  if (!ROUND_RE.test(digits)) return false;
  const before = text.slice(Math.max(0, start - BEFORE), start);
  return BOUND_BEFORE_RE.test(before) || MARK_AFTER_RE.test(text.slice(end, end + 16));
}

/**
 * A value the text tells its reader to type ("Enter the data \"5512\" in the field", "Enter the
 * following expenses:\n- 10.50\n- 20.75"), as a manual or a walkthrough writes its examples: an
 * input to try, not a fact found. Read from an input verb that opens the value's sentence (after a
 * list marker or step number), or the last sentence of the line that introduces its list with a colon.
 */
const INPUT_VERB_RE = /^[ \t]*(?:(?:[-*+•]|\d{1,2}[.)]|#+)[ \t]*)?\**(?:enter|type|input|key in|fill in|paste)\b/i;
const LIST_ITEM_RE = /^[ \t]*(?:[-*+•]|\d{1,2}[.)])[ \t]/;
/** Lines of a list read back to the line that introduces it, within this many characters. */
const MAX_LIST_LINES = 12;
const LIST_SPAN = 2_000;

/** The sentence that ends at `at` (exclusive), from the sentence break before it. */
const sentenceTo = (text: string, at: number) => text.slice(sentenceStart(text, at, LIST_SPAN), at);

function isTypedInput(text: string, start: number): boolean {
  if (INPUT_VERB_RE.test(sentenceTo(text, start))) return true;
  let lineStart = text.lastIndexOf("\n", start - 1) + 1;
  if (!LIST_ITEM_RE.test(text.slice(lineStart, start))) return false;
  const floor = Math.max(0, lineStart - LIST_SPAN);
  for (let k = 0; k < MAX_LIST_LINES && lineStart > floor; k++) {
    const end = lineStart - 1;
    lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(lineStart, end);
    // The introducing line may itself be a numbered step ("3. … Enter the following expenses:").
    const colon = line.trimEnd().endsWith(":");
    if (colon) return INPUT_VERB_RE.test(sentenceTo(text, lineStart + line.trimEnd().length));
    if (!LIST_ITEM_RE.test(line) && line.trim()) return false;
  }
  return false;
}

export function isHedgedValue(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - BEFORE), start);
  if (HEDGE_BEFORE_RE.test(before) || RANGE_BEFORE_RE.test(before)) return true;
  if (isRoundBound(text, start, end)) return true;
  if (isTypedInput(text, start)) return true;
  if (inExampleList(text, start)) return true;
  if (RANGE_AFTER_RE.test(text.slice(end, end + 8))) return true;
  const from = Math.max(0, start - LINE);
  const lineStart = text.lastIndexOf("\n", start) + 1;
  const newline = text.indexOf("\n", end);
  const lineEnd = Math.min(newline < 0 ? text.length : newline, end + LINE);
  return HEDGED_LINE_RE.test(text.slice(Math.max(from, lineStart), lineEnd));
}

/** Numbers the text states only as estimates (every occurrence hedged), normalized as `extractNumbers` does. */
export function estimatedNumbers(text: string): Set<string> {
  const scan = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  return numbersOnlyAs(scan, (start, end) => isHedgedValue(scan, start, end));
}
