/**
 * The unit of measure a text writes each of its numbers in ("0.58 arcsec", "6.38 mm", "12 km/h"):
 * a number counts only where every writing of it carries the same unit. A product or a quotient of two
 * readings in one unit is no reading in that unit (arcsec × arcsec is arcsec², mm ÷ mm a bare ratio),
 * so such a match is a coincidence, not a derivation (`grounding.ts`).
 *
 * Only units of measure are read, from a closed list: a word after a number is as often a count's
 * noun ("3 crates"), a multiplier ("1.5x", "2 times") or a percent, and products of those are real
 * (50 % of 40 %; 1.5x on 2x). A unit the list lacks leaves the number unread, which keeps a derivation.
 */
import { MAX_SCAN_CHARS, NUMBER_RE, normalizeNumber } from "./text-features";

/**
 * Units of measure, lower case, as written right after a number; a compound's first part counts
 * ("mg/L" as "mg", "km/h" as "km"). Lengths, masses, times, angles, volumes, energy and power, data.
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
]);

/** The word right after a number, and the part after a slash; not one raised to a power ("m²", "m^2"). */
const UNIT_AFTER_RE = /^[^\S\r\n]?([A-Za-zµ°]+)(?:\/[A-Za-z]+)?(?![\p{L}\d²³^])/u;

/** Characters after a number read for its unit. */
const UNIT_WINDOW = 16;

/**
 * Per number of the text (its first MAX_SCAN_CHARS), normalized, the unit of measure every writing
 * of it carries; numbers written once without one, or in two units, are left out.
 */
export function measuredNumbers(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!text || !/\d/.test(text)) return out;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const mixed = new Set<string>();
  for (const m of scan.matchAll(NUMBER_RE)) {
    const n = normalizeNumber(m[0]);
    if (mixed.has(n)) continue;
    const end = m.index + m[0].length;
    const word = UNIT_AFTER_RE.exec(scan.slice(end, end + UNIT_WINDOW))?.[1]?.toLowerCase();
    const unit = word && MEASURE_UNITS.has(word) ? word : "";
    const seen = out.get(n);
    if (unit && (seen === undefined || seen === unit)) out.set(n, unit);
    else out.delete(n), mixed.add(n);
  }
  return out;
}
