/**
 * A value a step says it rounds to ("4,850 km, which rounds to 5,000 km", "≈ 418.6 g …
 * Rounded to the nearest integer: 419") is computed from the number it rounds, as a stated sum is
 * from its terms: no value the step made up. The rounded value is the first number after the word
 * on its line, rounding one written just before the word (else the second, rounding the first: "rounding
 * 17.4 gives 17"); the number rounded is more precise, within half of
 * the rounded value's last place (5000 keeps thousands: 4850 is within 500; 419 keeps units: 418.6 is
 * within 0.5). The number rounded keeps its own provenance: an invented one is flagged as itself.
 */
import { trimEndChars } from "../../text/linear-text";
import { HAS_DIGIT_RE, NUMBER_RE, normalizeNumber } from "../text-features";
import { type Computation, statedComputations } from "./arithmetic";
import { statedTotals } from "./stated-total";
import { allMatches } from "../all-matches";

/** "rounds", "rounded", "rounding", "round up/down/off/to": a game's "round 2" is no rounding. */
const ROUND_WORD_RE = /\b(?:round(?:s|ed|ing)\b|round(?= (?:up|down|off|to)\b))/gi;
/** Rounding words read per text, and the text read (a step's roundings sit in its working). */
const MAX_ROUNDINGS = 8;
const MAX_SCAN = 20_000;
/** How far before the word the number rounded may sit, and after it the rounded value (same line). */
const BEFORE = 300;
const AFTER = 120;

/** Half the last place a written value keeps: 0.5 for 419, 500 for 5000, 0.005 for 3.14. */
function halfPlace(raw: string): number {
  const s = raw.replace(/,/g, "");
  const dot = s.indexOf(".");
  if (dot >= 0) return 0.5 * 10 ** -(s.length - dot - 1);
  const zeros = s.length - trimEndChars(s, "0").length;
  return 0.5 * 10 ** zeros;
}

/** "to 2 decimal places", "3 significant figures": how far it rounds, not a value. */
const PLACES_RE = /\b\d+\s*(?:decimal|significant|sig\b|digits?\b|places?\b|dp\b|d\.p\.)/gi;

const numbersIn = (text: string) => [...allMatches(NUMBER_RE, text)].map((m) => m[0]);

/** The number among `candidates` (latest first) that rounds to `rounded`, or undefined. */
function roundedFrom(rounded: string, candidates: string[]): number | undefined {
  const result = Number(normalizeNumber(rounded));
  const half = halfPlace(rounded) + 1e-9;
  for (const x of candidates) {
    const n = Number(normalizeNumber(x));
    if (n !== result && Math.abs(n - result) <= half) return n;
  }
  return undefined;
}

export function statedRoundings(text: string): Computation[] {
  const out: Computation[] = [];
  const scan = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  let words = 0;
  for (const m of allMatches(ROUND_WORD_RE, scan)) {
    if (++words > MAX_ROUNDINGS) break;
    const at = m.index;
    const line = scan.slice(at + m[0].length, at + m[0].length + AFTER).split("\n", 1)[0];
    const after = numbersIn(line.replace(PLACES_RE, ""));
    if (after.length === 0) continue;
    // "4850 rounds to 5000": the value after the word, from one before it; "rounding 17.4 gives 17":
    // both after it.
    const [first, second] = after;
    const before = () => numbersIn(scan.slice(Math.max(0, at - BEFORE), at)).reverse();
    let rounded = first;
    let from = roundedFrom(first, before());
    if (from === undefined && second !== undefined) {
      rounded = second;
      from = roundedFrom(second, [first]);
    }
    const result = Number(normalizeNumber(rounded));
    if (from !== undefined && result > 0 && !rounded.startsWith("-")) out.push({ result, operands: [from] });
  }
  return out;
}

/** Everything a step works out in the open: its stated computations that recompute, its stated roundings, and totals of the parts it lists. */
export function statedWorkings(text: string): Computation[] {
  // Each kind reads figures: a text without a digit states none (most messages of a long chat).
  if (!HAS_DIGIT_RE.test(text)) return [];
  return [...statedComputations(text), ...statedRoundings(text), ...statedTotals(text)];
}
