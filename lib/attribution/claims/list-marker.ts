/**
 * A number that marks a list item or a numbered heading ("4. OPEN QUESTIONS", "### 2. Plan",
 * "3) check the file", or inside one line "The script should: 1. Load it. 2. Count.") numbers the
 * item; it states nothing. Planning templates number their sections (a fact sheet's "1. … 4."
 * headings) and instructions number their steps, so a small answer would otherwise be "first put
 * forward" by whichever plan listed that many sections.
 */

/** What may stand on the line before a line-opening marker: indentation, a Markdown heading or bullet, bold. */
const BEFORE_MARKER_RE = /^[ \t]*(?:#{1,6}[ \t]+|[*+-][ \t]+)?(?:\*\*|__)?$/;
/** What follows a marker: its dot or parenthesis, a space, then the item's first word. */
const AFTER_MARKER_RE = /^[.)][ \t]+[^\s\d]/;
/** Inside a line, a marker follows the end of a sentence or a colon. */
const INLINE_BEFORE_RE = /[.:;!?][ \t]+$/;
/** Characters of a line read before the number; a line-opening marker stands within a few of its start. */
const MAX_LINE_LEAD = 16;
/** A section word's number stands a little further in: the word itself comes first ("### Iteration 12"). */
const MAX_LABEL_LEAD = 28;
/** Characters read on either side of an inline marker for its neighbour in the enumeration. */
const INLINE_WINDOW = 400;

/**
 * A word that numbers the sections of a plan or a walkthrough ("### Day 1: Arrival", "**Step 2:**",
 * "Part 3 –"), opening its line; what follows the number closes the label (a colon, a dash, a
 * parenthesis, the end of the bold or of the line). "Option" and "Answer" are left out: they name
 * what a step picks.
 */
const SECTION_LABEL_RE =
  /^[ \t]*(?:#{1,6}[ \t]+|[*+-][ \t]+)?(?:\*\*|__)?(?:Day|Step|Part|Phase|Stage|Week|Round|Chapter|Section|Lesson|Module|Session|Level|Task|Question|Example|Iteration|Sprint|Episode|Item)[ \t]+$/;
const AFTER_LABEL_RE = /^(?:[ \t]*(?:[:.)–—-]|\*\*|__)|[ \t]*$)/;

/** Whether the number at `start`..`end` of `text` marks a list item or a numbered heading. */
export function isListMarker(text: string, start: number, end: number): boolean {
  const digits = text.slice(start, end);
  if (!/^\d{1,2}$/.test(digits)) return false;
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  if (start - lineStart <= MAX_LABEL_LEAD && isSectionLabel(text, lineStart, start, end)) return true;
  if (!AFTER_MARKER_RE.test(text.slice(end, end + 4))) return false;
  if (start - lineStart <= MAX_LINE_LEAD && BEFORE_MARKER_RE.test(text.slice(lineStart, start))) return true;
  // Inside a line only as one of a run of consecutive markers: "answer: 4. The rest" is a claim.
  if (!INLINE_BEFORE_RE.test(text.slice(Math.max(lineStart, start - 4), start))) return false;
  const n = Number(digits);
  const lineEnd = text.indexOf("\n", end);
  const before = text.slice(Math.max(lineStart, start - INLINE_WINDOW), start);
  const after = text.slice(end, Math.min(lineEnd < 0 ? text.length : lineEnd, end + INLINE_WINDOW));
  return hasMarker(before, n - 1) || hasMarker(after, n + 1);
}

/** Whether `text` holds `n` as an inline enumeration marker ("… 3. Next"). */
function hasMarker(text: string, n: number): boolean {
  if (n < 0) return false;
  const re = new RegExp(`(?:^|[.:;!?][ \\t]+)${n}[.)][ \\t]+[^\\s\\d]`);
  return re.test(text);
}

/** "### Day 1: …": the number after a section word that opens its line. */
function isSectionLabel(text: string, lineStart: number, start: number, end: number): boolean {
  if (!SECTION_LABEL_RE.test(text.slice(lineStart, start))) return false;
  const lineEnd = text.indexOf("\n", end);
  return AFTER_LABEL_RE.test(text.slice(end, Math.min(lineEnd < 0 ? text.length : lineEnd, end + 4)));
}
