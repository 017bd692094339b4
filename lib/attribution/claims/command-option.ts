/**
 * A number that is an option of a shell command an agent runs or a terminal echoes back ("| head -45",
 * "tail -n 50", "kill -9", "--max-count=5"): how many lines to show or which signal to send, not a
 * quantity anyone states. Two agents that page through output with "head -28" and "head -45" disagree
 * about nothing. Read inside code, a fenced block or an inline `…` span on the number's line (in
 * prose "it changed by -30" is a value), and after a long option ("--timeout 45000") anywhere.
 */

/** Characters read before a number for the command word or option name it follows. */
const BEFORE = 40;

const isBlank = (c: number) => c === 32 || c === 9;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** [A-Za-z0-9_] plus the marks a command or option name holds ("./run.sh", "--max-count"). */
const isNameChar = (c: number, marks: string) =>
  isLetter(c) || (c >= 48 && c <= 57) || c === 95 || marks.includes(String.fromCharCode(c));

/**
 * The start of the name that ends right before `end` (its characters `isNameChar` with `marks`), or
 * `end` when none does. A backward scan, not a regex anchored at the end: such a regex retries from
 * every start of a long run of name characters.
 */
function nameStart(text: string, end: number, marks: string): number {
  let k = end;
  while (k > 0 && isNameChar(text.charCodeAt(k - 1), marks)) k--;
  return k;
}

/** A word (a name with a letter in it), then a space or tab, right before a dash and digits: "head " before "-45". */
function followsWord(before: string): boolean {
  const end = before.length - 1;
  if (end < 1 || !isBlank(before.charCodeAt(end))) return false;
  for (let k = nameStart(before, end, "./-"); k < end; k++) if (isLetter(before.charCodeAt(k))) return true;
  return false;
}

/**
 * An option's name, then a space, tab or "=", right before a number ("-n ", "--lines="): the number
 * of dashes it opens with (1 or 2), or 0 when none is there.
 */
function optionDashes(before: string): number {
  const end = before.length - 1;
  const sep = before.charCodeAt(end);
  if (end < 2 || !(isBlank(sep) || sep === 61)) return 0;
  const k = nameStart(before, end, "-");
  // The name: one or two dashes, a letter, then name characters; a space, tab or the window's start before it.
  let at = k;
  while (at < end && before[at] === "-") at++;
  const dashes = at - k;
  return dashes >= 1 &&
    dashes <= 2 &&
    at < end &&
    isLetter(before.charCodeAt(at)) &&
    (k === 0 || isBlank(before.charCodeAt(k - 1)))
    ? dashes
    : 0;
}

/**
 * The inline code spans of a text: on each line, backticks paired in order, each pair a span [open,
 * close]. Read once per text, when a number asks (one pass, then a binary search per number).
 */
export function inlineCodeSpans(text: string): number[] {
  const out: number[] = [];
  let open = -1;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10) open = -1;
    else if (c === 96) {
      if (open < 0) open = k;
      else out.push(open, k), (open = -1);
    }
  }
  return out;
}

/** Whether [start, end) lies inside one of `spans` (flat pairs, ascending). */
function inSpan(spans: number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = spans.length / 2;
  // The last span that opens before `start`.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[2 * mid] < start) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && spans[2 * (lo - 1) + 1] >= end;
}

/**
 * Whether the number written at [start, end) of `text` is a command's option: "-30" after a command
 * word, or any number after an option's name ("-n 25", "--ratio=0.5"), inside code: a fenced block
 * holds it (`inFence`), or one of the text's inline code spans (`spans`, read when first asked).
 */
export function isCommandOption(
  text: string,
  start: number,
  end: number,
  inFence: boolean,
  spans: () => number[],
): boolean {
  const raw = text.slice(start, end);
  const before = text.slice(Math.max(0, start - BEFORE), start);
  const flag = /^-\d+$/.test(raw) && followsWord(before);
  const dashes = optionDashes(before);
  if (!flag && dashes === 0) return false;
  // A long option ("--timeout 45000") is a command's wherever it is written: prose writes no word
  // after two dashes. A short one ("-n 25") or a flag ("head -45") only in code: in prose "- n 25"
  // opens a list item and "by -30" states a change.
  return dashes === 2 || inFence || inSpan(spans(), start, end);
}
