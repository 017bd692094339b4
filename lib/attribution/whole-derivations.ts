/**
 * Derivations beyond one operation on two numbers, each specific enough not to match by chance:
 * - a total over a whole group a source lists: a table column, every figure a record files under one
 *   key (`price: 53`, `price: 71`, `price: 65`: a reservation's flights, which total 189), or every
 *   money amount of one output ("the three open invoices total $2,629.75" over a table of three amounts);
 * - a fraction written as a percent (0.125 → 12.5 %);
 * - a unit conversion, tried only when the step itself names both units ("5,000 lb is about 2,268 kg");
 * - an itemized total: an amount the step writes right next to the amounts it adds up, listed just
 *   before it or in the parentheses after it ("$2,801 ($1,981 for leg one and $820 for leg two)").
 * Read from the numbers a step could see; the grounding (`grounding.ts`) asks these after its pairs.
 */
import { normalizeNumber } from "./text-features";
import { allMatches } from "./all-matches";

const MAX_SCAN = 20_000;
const MAX_LINES = 400;
/** Columns of a table read; a table is at most this wide. */
const MAX_COLUMNS = 24;
/** A (trimmed) cell that is one number (with a currency sign, commas, a trailing percent sign or unit word). */
const CELL_NUMBER_RE = /^[$€£]?\s?(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s?(?:%|[a-zA-Z]{1,5})?$/;
const MONEY_RE = /[$€£]\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)/g;
const MAX_AMOUNTS = 200;

/** A line filing one number under a key, as JSON records are rendered (`price: 53`, `amount: 12.50`). */
const KEYED_LINE_RE = /^([A-Za-z][\w ]{0,39}):[^\S\r\n]*(-?\d+(?:\.\d+)?)[^\S\r\n]*$/gm;
/** Keys totalled per text: a record has few. */
const MAX_KEYS = 64;

/**
 * The totals a source text lists: each table column's sum (two or more numeric cells), each key's
 * (two or more lines filing a number under it: a list of records is a table whose columns are its
 * keys), and the sum of its money amounts.
 */
export function groupTotals(text: string): number[] {
  const scan = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  const out: number[] = [];
  if (scan.includes(":")) keyedTotals(scan, out);
  if (scan.includes("|")) {
    const columns: number[][] = [];
    let lines = 0;
    for (const line of scan.split("\n")) {
      if (++lines > MAX_LINES) break;
      if (!line.includes("|")) continue;
      const cells = line.split("|").slice(0, MAX_COLUMNS + 1);
      cells.forEach((cell, i) => {
        const m = CELL_NUMBER_RE.exec(cell.trim());
        if (m) (columns[i] ??= []).push(Number(normalizeNumber(m[1])));
      });
    }
    for (const c of columns) if (c && c.length >= 2) out.push(c.reduce((a, b) => a + b, 0));
  }
  if (/[$€£]/.test(scan)) {
    let sum = 0;
    let count = 0;
    for (const m of allMatches(MONEY_RE, scan)) {
      if (++count > MAX_AMOUNTS) break;
      sum += Number(normalizeNumber(m[1]));
    }
    if (count >= 2) out.push(sum);
  }
  return out;
}

/** The sum of the numbers filed under each key written on two or more lines of `scan`, onto `out`. */
function keyedTotals(scan: string, out: number[]): void {
  const sums = new Map<string, { sum: number; count: number }>();
  let lines = 0;
  for (const m of allMatches(KEYED_LINE_RE, scan)) {
    if (++lines > MAX_LINES) break;
    const group = sums.get(m[1]) ?? (sums.size < MAX_KEYS ? { sum: 0, count: 0 } : undefined);
    if (!group) continue;
    group.sum += Number(m[2]);
    group.count++;
    sums.set(m[1], group);
  }
  for (const { sum, count } of sums.values()) if (count >= 2) out.push(sum);
}

/** Amounts of a run read for itemized totals, and the most items one total adds up. */
const MAX_ITEMIZED_AMOUNTS = 120;
const MAX_ITEMS = 12;

/**
 * The money amounts a text writes that equal the sum of two or more amounts written right next to
 * them: the ones just before it (a list of refunds, then "in total $23,553") or just after it (its
 * parts in parentheses). Only a run adjacent to the total counts, never amounts from anywhere in the
 * text: a breakdown is written beside what it breaks down. Exact up to float error, as a written
 * sum of written amounts is.
 */
export function itemizedTotals(text: string): Set<number> {
  const out = new Set<number>();
  const scan = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  if (!/[$€£]/.test(scan)) return out;
  const amounts: number[] = [];
  for (const m of allMatches(MONEY_RE, scan)) {
    if (amounts.length >= MAX_ITEMIZED_AMOUNTS) break;
    amounts.push(Number(normalizeNumber(m[1])));
  }
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
  amounts.forEach((total, k) => {
    let before = 0;
    for (let n = 1; n <= MAX_ITEMS && k - n >= 0; n++) {
      before += amounts[k - n];
      if (n >= 2 && near(before, total)) out.add(total);
    }
    let after = 0;
    for (let n = 1; n <= MAX_ITEMS && k + n < amounts.length; n++) {
      after += amounts[k + n];
      if (n >= 2 && near(after, total)) out.add(total);
    }
  });
  return out;
}

/** A unit as a word ("pounds") anywhere, or as an abbreviation right after a number ("5,000 lb"). */
const unit = (words: string, abbreviations: string) =>
  new RegExp(`\\b(?:${words})\\b|\\d\\s?(?:${abbreviations})\\b`, "i");

/** Unit pairs: how each side is written, and how many of the second one unit of the first is. */
export const CONVERSIONS: readonly { from: RegExp; to: RegExp; factor: number }[] = [
  { from: unit("pounds?", "lbs?"), to: unit("kilograms?|kilos?", "kg"), factor: 0.45359237 },
  { from: unit("miles?", "mi"), to: unit("kilomet(?:er|re)s?", "km"), factor: 1.609344 },
  { from: unit("inch(?:es)?", "in"), to: unit("centimet(?:er|re)s?", "cm"), factor: 2.54 },
  { from: unit("feet|foot", "ft"), to: unit("met(?:er|re)s?", "m"), factor: 0.3048 },
  { from: unit("gallons?", "gal"), to: unit("lit(?:er|re)s?", "l"), factor: 3.785411784 },
  { from: unit("ounces?", "oz"), to: unit("grams?", "g"), factor: 28.349523125 },
];

/** The factors that convert between two units the text names (both ways). */
export function namedConversions(text: string): number[] {
  const scan = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  const out: number[] = [];
  for (const c of CONVERSIONS) if (c.from.test(scan) && c.to.test(scan)) out.push(c.factor, 1 / c.factor);
  return out;
}
