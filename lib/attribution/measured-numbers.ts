/**
 * The word a text writes after each of its numbers ("0.58 arcsec", "3 hits", "12 km/h"), counted only
 * where every writing of the number carries the same one, and whether that word is a unit of measure.
 * The grounding reads dimensions from them (`number-dimensions.ts`): a product or a quotient of two
 * readings in one unit is no reading in that unit (arcsec × arcsec is arcsec², mm ÷ mm a bare ratio),
 * and a sum of a reading and a count of something else ("1.98 arcsec" and "3 hits") is none either, so
 * such a match is a coincidence, not a derivation (ADR 0092).
 *
 * Units of measure come from a closed list: a word after a number is as often a count's noun ("3
 * crates"), a multiplier ("1.5x", "2 times") or a percent, and products of those are real (50 % of
 * 40 %; 1.5x on 2x). A unit the list lacks leaves the number unread, which keeps a derivation.
 */
import { MAX_SCAN_CHARS, NUMBER_RE, normalizeNumber } from "./text-features";
import { allMatches } from "./all-matches";

/**
 * Units of measure, lower case, as written right after a number; a compound's first part counts
 * ("mg/L" as "mg", "km/h" as "km"). Lengths, masses, times, angles, volumes, energy and power, data, areas and speeds, abbreviated
 * or written out.
 */
const MEASURE_UNITS = new Set([
  "nm",
  "µm",
  "mm",
  "cm",
  "m",
  "km",
  "ft",
  "mi",
  "au",
  "pc",
  "kpc",
  "mpc",
  "mg",
  "g",
  "kg",
  "lb",
  "lbs",
  "oz",
  "ms",
  "s",
  "sec",
  "secs",
  "seconds",
  "min",
  "mins",
  "minutes",
  "h",
  "hr",
  "hrs",
  "hours",
  "days",
  "weeks",
  "months",
  "years",
  "degrees",
  "arcsec",
  "arcmin",
  "mas",
  "deg",
  "°",
  "°c",
  "°f",
  "ml",
  "l",
  "kwh",
  "mwh",
  "wh",
  "kw",
  "mw",
  "w",
  "hz",
  "khz",
  "mhz",
  "ghz",
  "kb",
  "mb",
  "gb",
  "tb",
  // Units written out, as prose and web pages give distances, sizes and volumes ("0.3 miles").
  "millimeters",
  "millimetres",
  "centimeters",
  "centimetres",
  "meters",
  "metres",
  "kilometers",
  "kilometres",
  "inch",
  "inches",
  "foot",
  "feet",
  "yards",
  "miles",
  "milligrams",
  "grams",
  "kilograms",
  "ounces",
  "tons",
  "tonnes",
  "milliliters",
  "millilitres",
  "liters",
  "litres",
  "gallons",
  "mph",
  "kph",
  "acres",
  "hectares",
]);

/** The word right after a number, and the part after a slash; not one raised to a power ("m²", "m^2"). */
const UNIT_AFTER_RE = /^[^\S\r\n]?([A-Za-zµ°]+)(?:\/[A-Za-z]+)?(?![\p{L}\d²³^])/u;

/** Characters after a number read for its unit. */
const UNIT_WINDOW = 16;

/**
 * Words after a number that say nothing of what it counts: joints, comparisons and quantifiers
 * ("3 more", "2 of them", "5 new"). A number followed by one carries no word.
 */
const NOT_NOUNS = new Set(
  "a an the and or but nor of in on at to for from by with as than per each every is are was were be been more less fewer extra additional other others new old further left remaining total overall all plus minus times x percent".split(
    " ",
  ),
);

/** Characters of a record's key read back from its value. */
const KEY_WINDOW = 48;

/** The offset before the spaces and quotes that end text[floor, k): a key's quotes, the blanks around its separator. */
function skipPadding(text: string, k: number, floor: number): number {
  while (k > floor && (text[k - 1] === " " || text[k - 1] === '"' || text[k - 1] === "'")) k--;
  return k;
}

/**
 * The unit a record's key ends in, for the value right after it: `seeing_arcsec: 0.49`,
 * `"wear_mm":0.3`, `dwell_days = 3.75` (a unit of the list after the key's last "_"), else "". Records
 * name a field's unit in its key as often as after its value. A backward scan from the value over
 * the separator and the key, not a regex anchored at the value: such a regex retries from every start
 * of a long run of key characters.
 */
function keyUnitBefore(text: string, at: number): string {
  const floor = Math.max(0, at - KEY_WINDOW);
  let k = skipPadding(text, at, floor);
  if (k === floor || (text[k - 1] !== ":" && text[k - 1] !== "=")) return "";
  k = skipPadding(text, k - 1, floor);
  const keyEnd = k;
  while (k > floor && /[A-Za-z0-9_]/.test(text[k - 1])) k--;
  const key = text.slice(k, keyEnd).toLowerCase();
  const cut = key.lastIndexOf("_");
  const unit = cut > 0 ? key.slice(cut + 1) : "";
  return isMeasureUnit(unit) ? unit : "";
}

/**
 * Per number of the text (its first MAX_SCAN_CHARS), normalized, the word every writing of it is
 * followed by, lower case. A number with any writing that has no word after it (or a word of
 * NOT_NOUNS), or with writings followed by two different words, is left out.
 */
export function wordsAfterNumbers(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!text || !/\d/.test(text)) return out;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const mixed = new Set<string>();
  for (const m of allMatches(NUMBER_RE, scan)) {
    const n = normalizeNumber(m[0]);
    if (mixed.has(n)) continue;
    const end = m.index + m[0].length;
    const found = UNIT_AFTER_RE.exec(scan.slice(end, end + UNIT_WINDOW))?.[1]?.toLowerCase();
    const word = found && !NOT_NOUNS.has(found) ? found : keyUnitBefore(scan, m.index);
    const seen = out.get(n);
    if (word && (seen === undefined || seen === word)) out.set(n, word);
    else out.delete(n), mixed.add(n);
  }
  return out;
}

/** Whether a word is a unit of measure of the list, or its singular ("day" for "days"). */
export const isMeasureUnit = (word: string) =>
  word !== "" && (MEASURE_UNITS.has(word) || MEASURE_UNITS.has(`${word}s`));
