/**
 * The label words right before a number: what the number is about. A misquote keeps its source's
 * label (claim-findings.ts), and a small whole number is a source of a measurement only under the
 * same label (provenance.ts).
 */
const CONTEXT_CHARS = 40;
/** Words too common to tell one label from another. */
const CONTEXT_STOP = new Set("the is was are of to and in on at for it this that with by as be from than".split(" "));
/** Label words right before a number (same line, ≤ 40 characters): what the number is about. */
export function contextTokens(text: string, at: number): Set<string> {
  const from = Math.max(0, at - CONTEXT_CHARS, text.lastIndexOf("\n", at - 1) + 1);
  const words =
    text
      .slice(from, at)
      .toLowerCase()
      .match(/[a-z][a-z0-9-]+/g) ?? [];
  return new Set(words.filter((w) => !CONTEXT_STOP.has(w)));
}
