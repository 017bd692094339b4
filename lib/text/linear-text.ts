/**
 * Text tests that regexes make quadratic on hostile input, written as single passes. An anchored
 * pattern like `/[.!]+$/` or `/^\s*(?:x)?\s*$/` is retried from every start position (or splits one
 * run of blanks in every way), so 300 KB of blanks costs minutes; these loops cost one scan.
 */

/** `s` without its trailing characters that are in `chars` (like `s.replace(/[chars]+$/, "")`). */
export function trimEndChars(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1])) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** `s` without its leading characters that are in `chars` (like `s.replace(/^[chars]+/, "")`). */
export function trimStartChars(s: string, chars: string): string {
  let start = 0;
  while (start < s.length && chars.includes(s[start])) start++;
  return start === 0 ? s : s.slice(start);
}

/** `s` without its leading and trailing characters that are in `chars`. */
export function trimChars(s: string, chars: string): string {
  return trimEndChars(trimStartChars(s, chars), chars);
}

/** Whether `s` is empty or whitespace only, scanning at most until the first visible character. */
export function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isSpaceCode(s.charCodeAt(i))) return false;
  return true;
}

/** `s.trim()` without copying more than the visible middle; bounded by `max` characters of the result. */
export function trimmedHead(s: string, max: number): string {
  let start = 0;
  while (start < s.length && isSpaceCode(s.charCodeAt(start))) start++;
  let end = s.length;
  while (end > start && isSpaceCode(s.charCodeAt(end - 1))) end--;
  return end - start > max ? s.slice(start, start + max) : s.slice(start, end);
}

/**
 * Whether `s`, trimmed, is one of `literals` (compared case-insensitively). Only short texts can be
 * a literal, so a long text is refused after trimming, without a regex.
 */
export function isTrimmedLiteral(s: string, literals: ReadonlySet<string>, maxLen: number): boolean {
  const t = trimmedHead(s, maxLen + 1);
  return t.length <= maxLen && literals.has(t.toLowerCase());
}

const EMPTY_WORDS: ReadonlySet<string> = new Set(["none", "null", "nil", "set()", "''", '""']);

/**
 * An output that carries nothing: blank, or an empty literal (`[]`, `{}` with any blanks inside,
 * `None`, `null`, `nil`, `set()`, `''`, `""`) with blanks around it.
 */
export function isEmptyLiteral(s: string): boolean {
  let start = 0;
  while (start < s.length && isSpaceCode(s.charCodeAt(start))) start++;
  let end = s.length;
  while (end > start && isSpaceCode(s.charCodeAt(end - 1))) end--;
  if (end === start) return true;
  const open = s[start];
  const close = s[end - 1];
  const bracketed = (open === "[" && close === "]") || (open === "{" && close === "}");
  if (bracketed) return end - start >= 2 && isBlank(s.slice(start + 1, end - 1));
  return end - start <= 5 && EMPTY_WORDS.has(s.slice(start, end).toLowerCase());
}

/** The whitespace characters of JavaScript's `\s` (and `String.prototype.trim`). */
function isSpaceCode(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Fenced code blocks read per text: a message holds a few, not hundreds. */
const MAX_FENCES = 200;

/** [start, end) of a text's fenced code blocks (an unclosed fence runs to the end), in one pass. */
export function fencedRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (let at = text.indexOf("```"); at >= 0 && out.length < MAX_FENCES; ) {
    const close = text.indexOf("```", at + 3);
    const end = close < 0 ? text.length : close + 3;
    out.push([at, end]);
    at = close < 0 ? -1 : text.indexOf("```", end);
  }
  return out;
}

/**
 * The text up to its first line break or its first whitespace after ".", "!" or "?": what
 * `text.split(/(?<=[.!?])\s|\n/, 1)[0]` gives, by one forward search instead of a look-behind tried
 * at every position.
 */
export function openingSentence(text: string): string {
  const line = text.indexOf("\n");
  const stop = SENTENCE_BREAK_RE.exec(text);
  const end = stop && (line < 0 || stop.index + 1 < line) ? stop.index + 1 : line;
  return end < 0 ? text : text.slice(0, end);
}
const SENTENCE_BREAK_RE = /[.!?]\s/;
