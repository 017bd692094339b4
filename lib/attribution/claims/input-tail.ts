/**
 * A model call's recorded input is its whole prompt: instructions first, the latest turns last, and
 * what the call answers is in those turns. Claims and numbers are read from a text's first
 * MAX_SCAN_CHARS characters; for a longer input this module reads its end as well.
 *
 * Bounded: one tail of at most MAX_SCAN_CHARS characters, rescanned at halves while the claim cap
 * cuts it (at most twice the work of one scan).
 */
import { MAX_SCAN_CHARS } from "../text-features";
import { MAX_CLAIMS, extractClaims, type Claim } from "./extract-claims";

/** Shortest tail halved again while the claim cap cuts it: a few lines of a turn. */
const MIN_TAIL = 1_000;

/** `text` from `at` on, or from the first whitespace after `at` if that cuts a word, so no number is read in half. */
function fromBreak(text: string, at: number): string | undefined {
  if (at === 0 || /\s/.test(text[at - 1])) return text.slice(at);
  const br = text.slice(at).search(/\s/);
  return br < 0 ? undefined : text.slice(at + br + 1);
}

/** The part of an input a head scan misses: its last MAX_SCAN_CHARS characters. Undefined when the head scan reads it all. */
export function inputTail(input: string | undefined): string | undefined {
  if (input === undefined || input.length <= MAX_SCAN_CHARS) return undefined;
  return fromBreak(input, Math.max(MAX_SCAN_CHARS, input.length - MAX_SCAN_CHARS));
}

/**
 * The claims of an input's tail, with the text they were read from. While the claim cap cuts the
 * tail, its later half is read instead: the latest turn matters more than the middle of the prompt.
 */
export function tailClaims(input: string | undefined): { text: string; claims: Claim[] } | undefined {
  let text = inputTail(input);
  if (text === undefined) return undefined;
  let claims = extractClaims(text);
  while (claims.length >= MAX_CLAIMS && text.length >= 2 * MIN_TAIL) {
    const later = fromBreak(text, text.length >> 1);
    if (later === undefined) break;
    text = later;
    claims = extractClaims(text);
  }
  return { text, claims };
}
