import { allMatches } from "../all-matches";
/**
 * The digits of a speaker's name are not values: "Same conclusion as unit-12" states no 12, and
 * "agent_42 reported …" no 42. A run's participants are known, so where a message names one whose
 * name holds a digit, that occurrence is blanked before numbers are read (same length, so offsets
 * such as an observation's start stay valid) and claims starting inside it are dropped.
 * Bounded: at most MAX_NAMES names, each searched as one alternation per text.
 */

const MAX_NAMES = 64;
const MAX_NAME = 64;
const MAX_SPANS = 200;
/** Numbers and claims are read from a text's first 20,000 characters only (`MAX_SCAN_CHARS`); so are names. */
const MAX_SCAN = 20_000;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Digits read as a number only where no letter, digit, `_` or `.` precedes them (both number scans
 * say so): "agent7" and "agent_7" never give one, "unit-12" and "Agent 2" do.
 */
const READ_AS_NUMBER_RE = /[^\w.]\d/;

/** One pattern for the run's speaker names whose digits would read as a number, or null (most runs: none). */
export function speakerNamePattern(names: readonly string[]): RegExp | null {
  const withDigits = [
    ...new Set(names.filter((n) => READ_AS_NUMBER_RE.test(n) && /\p{L}/u.test(n) && n.length <= MAX_NAME)),
  ].slice(0, MAX_NAMES);
  if (!withDigits.length) return null;
  // The closing look-ahead keeps "unit-1" from matching the start of "unit-12", whatever the order.
  return new RegExp(`(?<![\\p{L}\\d_-])(?:${withDigits.map(escape).join("|")})(?![\\p{L}\\d_])`, "giu");
}

/** Where the text names a speaker with a digit in its name. */
export function speakerNameSpans(text: string, pattern: RegExp | null): [number, number][] {
  const out: [number, number][] = [];
  if (!pattern) return out;
  for (const m of allMatches(pattern, text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text)) {
    out.push([m.index!, m.index! + m[0].length]);
    if (out.length >= MAX_SPANS) break;
  }
  return out;
}

/** The text with each such name blanked to spaces of the same length. */
export function blankSpeakerNames(text: string, pattern: RegExp | null): string {
  if (!pattern) return text;
  const blank = (part: string) => part.replace(pattern, (m) => " ".repeat(m.length));
  return text.length > MAX_SCAN ? blank(text.slice(0, MAX_SCAN)) + text.slice(MAX_SCAN) : blank(text);
}
