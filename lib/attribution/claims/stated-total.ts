/**
 * A total a step states right after listing its parts ("Team A has 7, Team B 8 and Team C 8. The
 * grand total is 23") is computed from those parts, as a written-out sum is ("7 + 8 + 8 = 23"): no
 * value the step made up. The total is the first number after an aggregate word ("total", "sum",
 * "altogether", "combined", "in all") on its line; its parts are the numbers written just before the
 * word, the latest two to MAX_TERMS of them in a row, whose sum equals it to the total's last place.
 * Only a run of numbers ending at the word counts, so a total cannot borrow parts from anywhere in
 * the text, and the word must be there: "step 1, step 2, step 3" sums to nothing. The parts keep their
 * own provenance: an invented part is flagged as itself. Money amounts a text lists beside their
 * total are read without the word by `itemizedTotals` (whole-derivations.ts), for grounding only; this
 * reading also hands the parts to provenance as the total's operands.
 */
import { NUMBER_RE, decimalPlaces, normalizeNumber } from "../text-features";
import type { Computation } from "./arithmetic";
import { allMatches } from "../all-matches";

const TOTAL_WORD_RE = /\b(?:(?:grand |sub)?totals?(?:ling|ed)?|sum(?:med)?|altogether|combined|in all|in total)\b/gi;
/** Aggregate words read per text, and the text read. */
const MAX_WORDS = 8;
const MAX_SCAN = 20_000;
/** How far after the word the total may sit (same line), and before it its parts. */
const AFTER = 60;
const BEFORE = 400;
/** A year as written (no comma): it ends a run of parts. */
const YEAR_RE = /^(?:19|20)\d\d$/;
/** Parts a total may add up. */
const MAX_TERMS = 12;

export function statedTotals(text: string): Computation[] {
  const out: Computation[] = [];
  const scan = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  let words = 0;
  for (const m of allMatches(TOTAL_WORD_RE, scan)) {
    if (++words > MAX_WORDS) break;
    const end = m.index + m[0].length;
    const line = scan.slice(end, end + AFTER).split("\n", 1)[0];
    const first = line.match(NUMBER_RE)?.[0];
    if (!first || first.startsWith("-")) continue;
    const total = Number(normalizeNumber(first));
    if (!(total > 0)) continue;
    const parts = [...allMatches(NUMBER_RE, scan.slice(Math.max(0, m.index - BEFORE), m.index))]
      .map((x) => x[0])
      .reverse()
      .slice(0, MAX_TERMS);
    const scale = 10 ** decimalPlaces(first);
    let sum = 0;
    for (let k = 0; k < parts.length; k++) {
      // A year dates the parts; it is none of them ("In 2019 there were 12 sales").
      if (YEAR_RE.test(parts[k])) break;
      sum += Number(normalizeNumber(parts[k]));
      if (k >= 1 && Math.round(sum * scale) === Math.round(total * scale)) {
        out.push({ result: total, operands: parts.slice(0, k + 1).map((p) => Number(normalizeNumber(p))) });
        break;
      }
    }
  }
  return out;
}
