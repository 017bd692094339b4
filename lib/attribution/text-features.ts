/**
 * Cheap, deterministic text features shared by the detectors and the edge weights: word tokens,
 * normalized numbers, and Jaccard overlap. Bounded per step so 100k-step traces stay linear.
 */
import { blankSpeakerNames } from "./claims/speaker-names";
import { intersectionSize } from "../text/intersection-size";
import { trimEndChars } from "../text/linear-text";
import { isIdentifierPiece, isKeyedValue } from "./claims/identifier-piece";
import { allMatches } from "./all-matches";

/** Token sets are capped so a single huge message cannot dominate run time. */
const MAX_TOKENS = 400;
export const MAX_SCAN_CHARS = 20_000;

const STOPWORDS = new Set(
  "the and for are but not you all any can had her was one our out has have him his how its may new now see two who did get let say she too use that with this from they will would there their what about which when make like time just know take into year your some could them than then look only come over think also back after work first well even want because these give most".split(
    " ",
  ),
);

/** Whether a lowercase word is a common word that says nothing of a text's subject ("these", "which"). */
export const isStopword = (word: string): boolean => STOPWORDS.has(word);

export interface TextFeatures {
  tokens: Set<string>;
  /** Numbers as normalized strings ("1,200.50" → "1200.5"), outside fenced code blocks. */
  numbers: string[];
  /** Numbers anywhere, code included: used to decide whether a value was seen before. */
  allNumbers: string[];
  /** Numbers the author asserts: outside code and quotes, before any quoted observation (see `claimPart`). */
  claimNumbers: string[];
}

/**
 * The part of a text that the author asserts: everything before `observationAt`, where the step
 * starts quoting what it observed (a page screenshot or OCR dump, program output). Numbers after
 * it are observations of the environment (like a tool result), not the author's claims. The offset
 * is the canonical step attribute `culprit.observation_at`, set by the importer that knows the
 * source's phrasing (see lib/trace/canonical-attributes.ts); without it the whole text is asserted.
 */
export function claimPart(text: string, observationAt?: number): string {
  return observationAt === undefined ? text : text.slice(0, observationAt);
}

/**
 * A float printed in full shows digits no writer means: 15 or more, past what a double holds for
 * every decimal (17.820000000000007), or, where a difference of two close amounts lost the leading
 * ones, fraction digits down to the drift (-893.130000000001).
 */
const FLOAT_DIGITS = 15;
const FLOAT_FRACTION = 11;
/**
 * How far a float printed in full may lie from the amount it stands for. An operation drifts by a few
 * units of the last place of its largest operand (about 1e-16 of it): a sum of prices by about 1e-16 of
 * the sum, a difference of two amounts near 100,000 by about 1e-11 whatever the difference. Digits
 * below both bounds are read away from any number printed so long; no writer compares amounts there.
 */
const ABSOLUTE_DRIFT = 1e-10;
const RELATIVE_DRIFT = 1e-14;

/** The amount a float printed in full stands for: the decimal with the fewest fraction digits within its drift. */
function floatAmount(n: number): number {
  const drift = Math.max(ABSOLUTE_DRIFT, RELATIVE_DRIFT * Math.abs(n));
  for (let k = 0; k < FLOAT_DIGITS; k++) {
    const d = Number(n.toFixed(k));
    if (Math.abs(d - n) <= drift) return d;
  }
  return n;
}

/**
 * Whether a plain numeric literal (no commas, trailing zeros trimmed) shows the digits of a float
 * printed in full. Its digits are counted whole: a number below 1 reaches 15 only past 11 fraction digits.
 */
function printedInFull(s: string): boolean {
  let digits = 0;
  let fraction = -1;
  for (const ch of s) {
    if (ch === ".") fraction = 0;
    else if (ch >= "0" && ch <= "9") {
      digits++;
      if (fraction >= 0) fraction++;
    }
  }
  return digits >= FLOAT_DIGITS || fraction >= FLOAT_FRACTION;
}

/** Decimals a number is written with ("403.53" → 2, "404" → 0, an exponent form 0). */
export function decimalPlaces(x: string): number {
  const dot = x.indexOf(".");
  return dot < 0 || /e/i.test(x) ? 0 : x.length - dot - 1;
}

/**
 * Normalizes a numeric literal so "1,200.0" and "1200" compare equal. A float printed in full, as
 * Python prints a difference of prices (129.99 − 112.17 is 17.820000000000007), is the amount it
 * stands for, which is how anyone quoting it writes it ("$17.82").
 */
export function normalizeNumber(raw: string): string {
  let s = raw.includes(",") ? raw.replace(/,/g, "") : raw;
  // "3e-05" is 0.00003; an exponent's zeros are no trailing zeros to trim.
  if (s.includes("e") || s.includes("E")) return String(Number(s));
  if (s.includes(".")) {
    s = trimEndChars(s, "0");
    if (s.endsWith(".")) s = s.slice(0, -1);
  }
  const n = Number(s);
  if (!Number.isFinite(n)) return s;
  return String(printedInFull(s) ? floatAmount(n) : n);
}

/**
 * A number, with thousands commas or not, and a signed exponent as programs print floats ("3e-05",
 * "1.5e+20": Python and JavaScript always sign it, which keeps a hex id's "12e4" out).
 */
export const NUMBER_RE =
  /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]\d{1,3}(?!\w|\.\d))?/g;

/** Whether a text holds a digit: the cheap test before any reading of numbers. */
export const HAS_DIGIT_RE = /\d/;

/** Extracts normalized numbers from text. */
export function extractNumbers(text: string): string[] {
  const out: string[] = [];
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  if (!HAS_DIGIT_RE.test(scan)) return out;
  for (const m of allMatches(NUMBER_RE, scan)) {
    // Digits of an id, a timestamp or a usage field are not values anyone stated (claims/identifier-piece.ts).
    if (!isIdentifierPiece(scan, m.index, m.index + m[0].length)) out.push(normalizeNumber(m[0]));
  }
  return out;
}

/**
 * Numbers (normalized) that `scan` writes only where `piece(start, end)` holds: every occurrence of
 * them is such a piece, none a plain quantity. Shared by the estimate and time-of-day filters.
 */
export function numbersOnlyAs(scan: string, piece: (start: number, end: number) => boolean): Set<string> {
  const pieces = new Set<string>();
  const plain = new Set<string>();
  for (const m of allMatches(NUMBER_RE, scan)) {
    const n = normalizeNumber(m[0]);
    (piece(m.index, m.index + m[0].length) ? pieces : plain).add(n);
  }
  for (const n of plain) pieces.delete(n);
  return pieces;
}

/** A key's separator right before a digit: the only place a keyed value can sit. */
const KEYED_HINT_RE = /[:=]\s*['"]?\d/;

/**
 * Numbers written under an id, count or time key (`item_id: 4471`, `"tracking_id": "7463"`),
 * normalized: not values the step stated (`extractNumbers` refuses them, claims/identifier-piece.ts),
 * but there for a later step to read, as a tool's result names its records. Same scan bound as
 * `extractNumbers`.
 */
export function keyedNumbers(text: string): string[] {
  const out: string[] = [];
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  if (!KEYED_HINT_RE.test(scan)) return out;
  for (const m of allMatches(NUMBER_RE, scan))
    if (isKeyedValue(scan, m.index, m.index + m[0].length)) out.push(normalizeNumber(m[0]));
  return out;
}

/**
 * An amount written with a decimal comma and two decimals, its thousands grouped by spaces or dots or
 * not at all ("7 318,46", "2.907,50", "665,31"), as most of Europe writes amounts and as invoices and
 * OCR'd receipts give them. Two decimals only, and nothing list-like around it: "[1,10]", "(0,25)",
 * "3,45,6" and "2,7" are lists or pairs, and "1,234" is a thousands comma. At most four groups (up to
 * trillions): a match may start after any space, and a bounded group keeps a long run of digit groups
 * from being read again from each of them (linear time on hostile text).
 */
const COMMA_DECIMAL_RE =
  /(?<![\p{L}\d.,[(_])(\d{1,3}(?:[ \u00a0\u202f]\d{3}){1,4}|\d{1,3}(?:\.\d{3}){1,4}|\d+),(\d{2})(?![\p{L}\d_]|[.,]\d)/gu;

/**
 * Amounts a text writes with a decimal comma (`COMMA_DECIMAL_RE`), normalized ("7 318,46" → 7318.46):
 * `extractNumbers` reads such a writing as two or three numbers, so the amount is not a value the
 * step states, but it is there for a later step to read ("Total: 7318.46"). Same scan bound as
 * `extractNumbers`.
 */
export function commaDecimalNumbers(text: string): string[] {
  const out: string[] = [];
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  if (!scan.includes(",")) return out;
  for (const m of allMatches(COMMA_DECIMAL_RE, scan)) {
    out.push(normalizeNumber(`${m[1].replace(/[ .\u00a0\u202f]/g, "")}.${m[2]}`));
    // A space is as often a column's edge as a thousands gap ("Qty 3 209,00"): the last group alone
    // is read too.
    const gap = m[1].search(/[ \u00a0\u202f]\d{3}$/);
    if (gap >= 0) out.push(normalizeNumber(`${m[1].slice(gap + 1)}.${m[2]}`));
  }
  return out;
}

/** [a-z0-9] */
const isAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
/** [a-z0-9_'-] */
const isWordChar = (c: number) => isAlnum(c) || c === 95 || c === 39 || c === 45;

/**
 * Lowercased word tokens (length ≥ 3, no stopwords), capped at MAX_TOKENS distinct: the matches of
 * /[a-z0-9][a-z0-9_'-]{2,}/g, found by a char-code scan (no match objects: this runs on every step).
 */
export function tokenize(text: string): Set<string> {
  const set = new Set<string>();
  const s = (text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text).toLowerCase();
  let i = 0;
  while (i < s.length) {
    if (!isAlnum(s.charCodeAt(i))) {
      i++;
      continue;
    }
    let k = i + 1;
    while (k < s.length && isWordChar(s.charCodeAt(k))) k++;
    if (k - i >= 3) {
      const t = s.slice(i, k);
      if (!STOPWORDS.has(t)) {
        set.add(t);
        if (set.size >= MAX_TOKENS) break;
      }
    }
    i = k;
  }
  return set;
}

/** Removes fenced code blocks (``` ... ```), whose literals are not claims about the world. */
export function stripCode(text: string): string {
  return text.replace(/```[\s\S]*?(```|$)/g, " ");
}

/**
 * Short quoted spans ('…', "…", “…”) opened after a space or bracket: what the agent typed or the
 * label of what it clicked ("I typed 'x' into '0 characters out of 2000'"), not its claims.
 */
const QUOTED_RE = /(^|[\s([:])(?:'[^'\n]{1,200}'|"[^"\n]{1,200}"|“[^”\n]{1,200}”)(?=[\s.,;:)\]!?]|$)/g;

/**
 * Links and file paths ("https://x.org/a/2023", "../2023/validation/df65-4540.png"): they name a
 * thing, and the digits in them are part of the name, not quantities an agent asserts. Shared with
 * the claim extractor, which makes the whole locator one claim.
 */
export const LOCATOR_RE = /\bhttps?:\/\/[^\s<>"')\]]+|(?<![\w/])(?:\/[\w.-]+){2,}\.\w{1,6}\b/g;

/** Removes links and file paths (see LOCATOR_RE). */
export function stripLocators(text: string): string {
  return text.includes("/") ? text.replace(LOCATOR_RE, " ") : text;
}

/** Removes quoted spans (see QUOTED_RE). */
export function stripQuotes(text: string): string {
  return text.replace(QUOTED_RE, "$1 ");
}

/** `speakers`: the run's speaker names that hold a digit (`claims/speaker-names.ts`); their digits are no numbers. */
export function textFeatures(full: string, observationAt?: number, speakers: RegExp | null = null): TextFeatures {
  const text = blankSpeakerNames(full, speakers);
  const stripped = stripCode(text);
  const numbers = extractNumbers(stripped);
  const claimText = stripLocators(stripCode(stripQuotes(claimPart(text, observationAt))));
  // Most steps have no code, quote or link: the three texts are one, and its numbers are read once
  // (copied, so that no two features share an array).
  const allNumbers = text === stripped ? numbers.slice() : extractNumbers(text);
  const claimNumbers =
    claimText === stripped ? numbers.slice() : claimText === text ? allNumbers.slice() : extractNumbers(claimText);
  return { tokens: tokenize(full), numbers, allNumbers, claimNumbers };
}

/** Jaccard similarity of two token sets (0 when both are empty). */
export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const inter = intersectionSize(a, b);
  return inter / (a.size + b.size - inter);
}

/**
 * Whether jaccard(a, b) ≥ t, deciding early when it cannot be: the similarity is at most
 * |smaller| / |larger|, and while counting shared tokens it is at most what sharing every token
 * still unvisited would give. Both bounds only grow with the shared count, so the answer is exactly
 * `jaccard(a, b) >= t` (detectors compare thousands of pairs, most of them far apart).
 */
export function jaccardAtLeast(a: Set<string>, b: Set<string>, t: number): boolean {
  if (t <= 0 || a.size === 0 || b.size === 0) return jaccard(a, b) >= t;
  // No pair array and no closure per call: this runs for many pairs of steps.
  const small = a.size <= b.size ? a : b;
  const large = small === a ? b : a;
  const total = a.size + b.size;
  let left = small.size;
  if (!reaches(left, total, t)) return false;
  let shared = 0;
  for (const x of small) {
    left--;
    if (large.has(x)) shared++;
    else if (!reaches(shared + left, total, t)) return false;
  }
  return reaches(shared, total, t);
}

/** Whether `shared` elements of two sets whose sizes sum to `total` give a Jaccard similarity ≥ t. */
function reaches(shared: number, total: number, t: number): boolean {
  return shared / (total - shared) >= t;
}

/** Fraction of `a`'s tokens found in `b` (containment), for "did the reply address the instruction". */
export function containment(a: Set<string>, b: Set<string>): number {
  if (a.size === 0) return 0;
  return intersectionSize(a, b) / a.size;
}
