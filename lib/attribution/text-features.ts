/**
 * Cheap, deterministic text features shared by the detectors and the edge weights: word tokens,
 * normalized numbers, and Jaccard overlap. Bounded per step so 100k-step traces stay linear.
 */

/** Token sets are capped so a single huge message cannot dominate run time. */
const MAX_TOKENS = 400;
const MAX_SCAN_CHARS = 20_000;

const STOPWORDS = new Set(
  "the and for are but not you all any can had her was one our out has have him his how its may new now see two who did get let say she too use that with this from they will would there their what about which when make like time just know take into year your some could them than then look only come over think also back after work first well even want because these give most".split(
    " ",
  ),
);

export interface TextFeatures {
  tokens: Set<string>;
  /** Numbers as normalized strings ("1,200.50" → "1200.5"), outside fenced code blocks. */
  numbers: string[];
  /** Numbers anywhere, code included: used to decide whether a value was seen before. */
  allNumbers: string[];
}

/** Normalizes a numeric literal so "1,200.0" and "1200" compare equal. */
export function normalizeNumber(raw: string): string {
  let s = raw.replace(/,/g, "");
  if (s.includes(".")) s = s.replace(/0+$/, "").replace(/\.$/, "");
  const n = Number(s);
  return Number.isFinite(n) ? String(n) : s;
}

const NUMBER_RE = /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?/g;

/** Extracts normalized numbers from text. */
export function extractNumbers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.slice(0, MAX_SCAN_CHARS).matchAll(NUMBER_RE)) out.push(normalizeNumber(m[0]));
  return out;
}

/** Lowercased word tokens (length ≥ 3, no stopwords), capped at MAX_TOKENS distinct. */
export function tokenize(text: string): Set<string> {
  const set = new Set<string>();
  for (const m of text.slice(0, MAX_SCAN_CHARS).toLowerCase().matchAll(/[a-z0-9][a-z0-9_'-]{2,}/g)) {
    if (STOPWORDS.has(m[0])) continue;
    set.add(m[0]);
    if (set.size >= MAX_TOKENS) break;
  }
  return set;
}

/** Removes fenced code blocks (``` ... ```), whose literals are not claims about the world. */
export function stripCode(text: string): string {
  return text.replace(/```[\s\S]*?(```|$)/g, " ");
}

export function textFeatures(text: string): TextFeatures {
  return { tokens: tokenize(text), numbers: extractNumbers(stripCode(text)), allNumbers: extractNumbers(text) };
}

/** Jaccard similarity of two token sets (0 when both are empty). */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let inter = 0;
  for (const t of small) if (large.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Fraction of `a`'s tokens found in `b` (containment), for "did the reply address the instruction". */
export function containment(a: Set<string>, b: Set<string>): number {
  if (a.size === 0) return 0;
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  return inter / a.size;
}
