/**
 * The label words around a number: what the number is about. A misquote keeps its source's label, the
 * words right before it (claim-findings.ts), and a small whole number is a source of a measurement only
 * under a label the claim shares, read on both sides (provenance.ts).
 */
const CONTEXT_CHARS = 40;
/**
 * Pronouns, relatives and determiners: they point at a thing named elsewhere ("insurance, which is
 * 30 dollars", "that is 4 more"), so they never name what a number is. Shared by every label reader.
 */
export const POINTING_WORDS = [
  "it",
  "its",
  "this",
  "that",
  "these",
  "those",
  "which",
  "whichever",
  "what",
  "whatever",
  "who",
  "whom",
  "whose",
  "they",
  "them",
  "he",
  "she",
  "we",
  "you",
];
/** Words too common to tell one label from another. */
const CONTEXT_STOP = new Set([
  ..."the is was are of to and in on at for with by as be from than".split(" "),
  ...POINTING_WORDS,
]);
/** Label words right before a number (same line, ≤ 40 characters, whole words): what the number is about. */
export function contextTokens(text: string, at: number): Set<string> {
  let from = Math.max(0, at - CONTEXT_CHARS, text.lastIndexOf("\n", at - 1) + 1);
  // A window that starts inside a word keeps none of it: "tates" of "states" labels nothing.
  if (from > 0 && /[A-Za-z0-9]/.test(text[from - 1])) while (from < at && /[A-Za-z0-9-]/.test(text[from])) from++;
  return labelWords(text.slice(from, at));
}

/**
 * Label words on both sides of the number at [start, end), each side on its line and within 40
 * characters: a measurement names what it is after its unit as often as before it ("2.00 arcsec
 * (median seeing)", "seeing_arcsec: 2").
 */
export function tokensAround(text: string, start: number, end: number): Set<string> {
  const nl = text.indexOf("\n", end);
  const after = labelWords(text.slice(end, Math.min(end + CONTEXT_CHARS, nl < 0 ? text.length : nl)));
  const out = contextTokens(text, start);
  for (const w of after) out.add(w);
  return out;
}

const labelWords = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z][a-z0-9-]+/g) ?? []).filter((w) => !CONTEXT_STOP.has(w)));
