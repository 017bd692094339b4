/**
 * How a request names the things a tool output listed (an order's items, a product's variants):
 * by the words of their names, in either number ("rakes" names a rake, "shear" names hedge shears).
 */

/** Words too common to show that a request named an option ("no", "yes" are option values too). */
const STOP = new Set(["no", "yes", "none", "true", "false", "the", "and", "or", "of", "a", "an", "in", "on", "to"]);

/** The singular a plural word may stand for ("boxes" → box, "rakes" → rake); none for a short word. */
function singulars(t: string): string[] {
  const out: string[] = [];
  if (t.length > 3 && t.endsWith("s")) out.push(t.slice(0, -1));
  if (t.length > 4 && t.endsWith("es")) out.push(t.slice(0, -2));
  return out;
}

/** The lowercase words of a text, each plural also as its singular. */
export function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    out.add(t);
    for (const s of singulars(t)) out.add(s);
  }
  return out;
}

/** Words of a phrase that can name something: not a stop word, not a lone letter ("it's" has an "s", a size too). */
export const contentWords = (phrase: string) =>
  (phrase.match(/[a-z0-9]+/g) ?? []).filter((t) => (t.length >= 2 || /\d/.test(t)) && !STOP.has(t));

/** The name's head noun in either number ("hedge shears" → shears or shear), or the name as one word ("smartwatch"). */
export function namesThing(words: Set<string>, name: string): boolean {
  const ws = contentWords(name).filter((w) => w.length >= 3);
  if (ws.length === 0) return false;
  const head = ws[ws.length - 1];
  return words.has(head) || singulars(head).some((s) => words.has(s)) || words.has(ws.join(""));
}
