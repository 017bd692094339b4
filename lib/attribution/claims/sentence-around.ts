/** Characters read either side of a value for the sentence that holds it. */
export const SENTENCE_CHARS = 300;

const BREAK = /[.!?;\n]/;

/**
 * The sentence around [start, end) of `text`: back to just after the previous sentence break, on to
 * the next one (included), at most SENTENCE_CHARS either side. A decimal point inside a number
 * ("4.5 m") is no break.
 */
export function sentenceAround(text: string, start: number, end: number): [number, number] {
  let a = start;
  while (a > 0 && start - a < SENTENCE_CHARS && !isBreak(text, a - 1)) a--;
  let b = end;
  while (b < text.length && b - end < SENTENCE_CHARS && !isBreak(text, b)) b++;
  return [a, Math.min(text.length, b + 1)];
}

function isBreak(text: string, i: number): boolean {
  if (!BREAK.test(text[i])) return false;
  return !(text[i] === "." && /\d/.test(text[i - 1] ?? "") && /\d/.test(text[i + 1] ?? ""));
}

/**
 * Where the sentence that reaches position `at` starts, read back at most `max` characters: after a
 * line break, or after a full stop, "!" or "?" that whitespace follows. Unlike `sentenceAround`, a
 * stop inside a word ("Python.org") or a number ("4.5") ends no sentence, nor does a semicolon.
 */
export function sentenceStart(text: string, at: number, max: number): number {
  const floor = Math.max(0, at - max);
  for (let i = at - 1; i >= floor; i--) {
    const c = text[i];
    if (c === "\n") return i + 1;
    if ((c === "." || c === "!" || c === "?") && i + 1 < at && /\s/.test(text[i + 1])) return i + 1;
  }
  return floor;
}
