/**
 * Digits that open a name: "[91 Trends](https://91trends.com/…)" names the site whose domain is
 * `91trends`. Where a link writes the digits solid with the word written after them, the digits are a
 * piece of that name, no quantity: a link of the same text makes them no claim, and a link of an
 * earlier text is where they were read. The name must be written apart ("91 Trends", "91-Trends") and
 * the link solid (`91trends`), so a quantity glued to its unit ("100vh", "5kg") is never its own name,
 * and a number followed by a word that no link holds ("91 users") stays a number.
 */
import type { Claim } from "./extract-claims";

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnum = (c: number) => isLetter(c) || (c >= 48 && c <= 57);
/** Letters of the next word read at most. */
const MAX_WORD = 24;

/**
 * The solid spelling of the digits text[start, end) with the word after them, lowercased ("91 Trends"
 * → `91trends`); null unless one space or hyphen stands between them.
 */
export function solidName(text: string, start: number, end: number): string | null {
  if (text[end] !== " " && text[end] !== "-") return null;
  const i = end + 1;
  let k = i;
  while (k < text.length && k - i <= MAX_WORD && isLetter(text.charCodeAt(k))) k++;
  if (k - i < 2 || k - i > MAX_WORD) return null;
  const digits = text.slice(start, end);
  return /^\d+$/.test(digits) ? `${digits}${text.slice(i, k).toLowerCase()}` : null;
}

/** Whether a link among `claims` writes `name` at the start of a host label or path segment. */
export function linkHolds(claims: readonly Claim[], name: string): boolean {
  for (const c of claims) {
    if (c.kind !== "url") continue;
    for (let at = c.value.indexOf(name, 2); at >= 0; at = c.value.indexOf(name, at + 1))
      if (!isAlnum(c.value.charCodeAt(at - 1))) return true;
  }
  return false;
}
