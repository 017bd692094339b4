/**
 * Values a text puts at hand besides its claims, for value provenance to find a later claim's source:
 *
 * - The year of every date it writes (`y:2024`), a date inside a timestamp too ("The current time is
 *   2024-05-15 15:00:00", which is no claim: claims/identifier-piece.ts), and a year written alone
 *   ("in 2024"). A bare year a step writes ("Smith et al. (2024)") and a full date it completes from
 *   a day written without one ("May 24" → 2024-05-24) rest on such a year.
 * - The calendar date of a timestamp (`2024-05-15T15:00:00Z` puts `d:2024-05-15` and the day
 *   `d:--05-15` at hand): a record's `published` or `date` field is a timestamp, and whoever reports
 *   it writes the day alone ("Published: 2024-05-15", "May 15, 2024"), read there and not made up.
 * - The id of an arXiv link (`arxiv.org/pdf/2408.15247v1` puts `2408.15247` at hand): the same paper
 *   cited as "arXiv:2408.15247" reads the id as a number, which the link's digits, a locator's, are not.
 * - The last digits of the longer digit runs (`gift_card_1591784` puts `t:1784` at hand), for a number
 *   written as the end of an identifier ("ending in 1784", "**** 1784"): a masked card or account.
 *
 * - The number that ends a record's name (`certificate_7504069` puts `7504069` at hand): people write
 *   the record as "certificate 7504069", and the number scan reads no number glued to a word by `_`.
 *
 * - The head of a dotted run (`requests/2.31.0` puts `2.31` at hand, "protocol 2.4.1" `2.4`): no claim
 *   where it is written (claims/identifier-piece.ts), but a later "2.31" reads it there.
 * - A site named by its host alone ("scrape example.org", `u:example.org`): the link an agent then
 *   writes in full ("https://www.example.org") is the site it was named, not one it made up.
 *
 * Each read is one pass of a linear pattern over at most MAX_SCAN_CHARS characters.
 */
import { HAS_DIGIT_RE, normalizeNumber, numbersOnlyAs } from "../text-features";
import { MAX_SCAN_CHARS, normalizeUrl, type Claim } from "./extract-claims";
import { allMatches } from "../all-matches";
import { stepText, type EngineGraph } from "../build-graph";

/** The value standing for a year at hand. */
export const yearValue = (year: string): string => `y:${year}`;

/** A year as people write one: four digits from 1900 to 2099. */
const YEAR_RE = /^(?:19|20)\d\d$/;

/** The year a claim names: a full date's, or a number written as four digits alone. */
export function claimYear(c: Claim): string | null {
  if (c.kind === "date") return c.value[2] === "-" ? null : c.value.slice(2, 6);
  if (c.kind === "number" && !c.unit && YEAR_RE.test(c.raw)) return c.raw;
  return null;
}

/** A date that opens a timestamp ("2024-05-15 15:00", "2024-05-15T15:00:00Z"); not one inside an id (`gpt-4o-2024-08-06`). */
const TIMESTAMP_RE = /(?<![\w-])((?:19|20)\d\d)-([01]\d)-([0-3]\d)[T ][0-2]\d:[0-5]\d/g;
/**
 * A host written alone: dot-separated labels ending in a top-level domain of letters, not inside a
 * link, a path or an address (no `/`, `@`, `.` or `:` before it, no `/` or word after it).
 */
const BARE_HOST_RE = /(?<![\w@/.:-])[a-z0-9][a-z0-9.-]{0,120}\.[a-z]{2,12}(?![\w/@-])/gi;
/** A decimal whose digits go on after another dot: the head of a version, an address or a section number. */
const DOTTED_HEAD_RE = /(?<![\w.])\d+\.\d+(?=\.\d)/g;
/** An arXiv link's paper id, without its version. */
const ARXIV_LINK_RE = /arxiv\.org\/(?:abs|pdf)\/(\d{4}\.\d{4,5})(?!\d)/gi;
/**
 * A record's name: words joined by `_`, then a digit run of 3 or more (`credit_card_4421486`, `user_123`),
 * a whole token. One letters-to-digits switch, so no tracing id (claims/identifier-piece.ts).
 */
const RECORD_NAME_RE = /(?<![\w.-])[A-Za-z][A-Za-z_]*_(\d{3,})(?![\w.-])/g;
/** Digit runs long enough to end an identifier. */
const DIGIT_RUN_RE = /\d{3,}/g;
/** How many last digits a written end of an identifier has. */
const MIN_TAIL = 3;
const MAX_TAIL = 6;
/** Digit runs read per text for their last digits (a long table of numbers puts enough at hand). */
const MAX_RUNS = 2_000;

/**
 * A number written as the last digits of an identifier: after "ending in", "ends with", "last four
 * (digits)", or a mask of at least three stars, bullets or x's ("**** 1784", "xxxx-1784").
 */
const TAIL_BEFORE_RE =
  /(?:\bend(?:s|ing|ed)?[^\S\r\n]{1,3}(?:in|with)|\blast[^\S\r\n]{1,3}(?:(?:\d|two|three|four|five|six)(?:[^\S\r\n]digits)?|digits)|[*•xX]{3})[^\S\r\n]?[:#-]?[^\S\r\n]?$/i;
/** Characters before a number read for TAIL_BEFORE_RE. */
const TAIL_WINDOW = 28;
/** A quick test for whether a text writes any number as the end of an identifier. */
export const TAIL_HINT_RE =
  /\bend(?:s|ing|ed)?\s+(?:in|with)\b|\blast\s+(?:\d|two|three|four|five|six|digits)|[*•xX]{3}/i;

/**
 * Per graph, whether any step writes a number as an identifier's end (TAIL_HINT_RE, over a text's
 * first MAX_SCAN_CHARS): in its content, and in its whole text (`stepText`). One pass answers both,
 * as a hint in a step's content is in its text, which opens with it.
 */
const tailHints = new WeakMap<EngineGraph, { content: boolean; text: boolean }>();

export function tailHintsOf(g: EngineGraph): { content: boolean; text: boolean } {
  let hints = tailHints.get(g);
  if (!hints) {
    hints = { content: false, text: false };
    for (const s of g.steps) {
      if (TAIL_HINT_RE.test(s.content.slice(0, MAX_SCAN_CHARS))) {
        hints = { content: true, text: true };
        break;
      }
      const text = hints.text ? s.content : stepText(s);
      if (text !== s.content && TAIL_HINT_RE.test(text.slice(0, MAX_SCAN_CHARS))) hints.text = true;
    }
    tailHints.set(g, hints);
  }
  return hints;
}

/** Whether the number written at `start` is written as the last digits of an identifier. */
export function writtenAsTail(text: string, start: number): boolean {
  return TAIL_BEFORE_RE.test(text.slice(Math.max(0, start - TAIL_WINDOW), start));
}

/** The value standing for digits that end an identifier at hand. */
export const tailValue = (digits: string): string => `t:${digits}`;

/**
 * The values a text puts at hand (see the file comment) besides `claims`, its own: the years of its
 * dates and written years, the years of its timestamps, its arXiv links' ids, the numbers ending its
 * records' names and, when `tails`, the
 * last 3 to 6 digits of its digit runs (a run itself written as an identifier's end excluded).
 */
export function valuesAtHand(
  text: string,
  claims: readonly Claim[],
  tails: boolean,
  note: (value: string) => void,
): void {
  for (const c of claims) {
    const year = claimYear(c);
    if (year) note(yearValue(year));
  }
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  // Timestamps, arXiv ids, records' numbers, dotted runs and digit runs all hold a digit; most texts have none.
  if (HAS_DIGIT_RE.test(scan)) {
    timestampValues(scan, note);
    if (scan.includes("arxiv.org") || scan.includes("arXiv.org"))
      for (const m of allMatches(ARXIV_LINK_RE, scan)) note(`n:${normalizeNumber(m[1])}`);
    recordNameNumbers(scan, (x) => note(`n:${x}`));
    dottedRunHeads(scan, (x) => note(`n:${x}`));
    if (tails) digitTails(scan, note);
  }
  if (scan.includes(".")) for (const m of allMatches(BARE_HOST_RE, scan)) note(`u:${normalizeUrl(m[0])}`);
}

/** The numbers (normalized) that end the records' names a text (at most MAX_SCAN_CHARS of it) writes. */
export function recordNameNumbers(text: string, note: (value: string) => void): void {
  if (!text.includes("_")) return;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  for (const m of allMatches(RECORD_NAME_RE, scan)) note(normalizeNumber(m[1]));
}

/** The heads of the dotted runs a text (at most MAX_SCAN_CHARS of it) writes, normalized ("2.31" of "2.31.0"). */
export function dottedRunHeads(text: string, note: (value: string) => void): void {
  if (!text.includes(".")) return;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  for (const m of allMatches(DOTTED_HEAD_RE, scan)) note(normalizeNumber(m[0]));
}

/** The years of the timestamps a text (at most MAX_SCAN_CHARS of it) writes. */
export function timestampYears(text: string, note: (year: string) => void): void {
  if (!text.includes(":") || !text.includes("-")) return;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  for (const m of allMatches(TIMESTAMP_RE, scan)) note(m[1]);
}

/**
 * The years (`y:2024`), dates (`d:2024-05-05`) and days (`d:--05-05`) the timestamps of a text (at most
 * MAX_SCAN_CHARS of it) open, in one pass.
 */
function timestampValues(text: string, note: (value: string) => void): void {
  if (!text.includes(":") || !text.includes("-")) return;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  for (const m of allMatches(TIMESTAMP_RE, scan)) {
    note(yearValue(m[1]));
    note(`d:${m[1]}-${m[2]}-${m[3]}`);
    note(`d:--${m[2]}-${m[3]}`);
  }
}

/**
 * The last 3 to 6 digits of the digit runs a text (at most MAX_SCAN_CHARS of it, MAX_RUNS runs) writes,
 * as `t:` values; a run itself written as an identifier's end is none.
 */
export function digitTails(text: string, note: (value: string) => void): void {
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  let runs = 0;
  for (const m of allMatches(DIGIT_RUN_RE, scan)) {
    if (++runs > MAX_RUNS) break;
    if (writtenAsTail(scan, m.index)) continue;
    for (let k = MIN_TAIL; k <= Math.min(MAX_TAIL, m[0].length); k++) note(tailValue(m[0].slice(-k)));
  }
}

/** Whether a number claim's digits could be an identifier's last digits. */
export const tailDigits = (c: Claim): boolean =>
  c.kind === "number" && /^\d+$/.test(c.raw) && c.raw.length >= MIN_TAIL && c.raw.length <= MAX_TAIL;

/** The numbers of 3 to 6 digits a text writes only as identifiers' ends ("Gift card ending in 1784"). */
export function tailOnlyNumbers(text: string): Set<string> {
  if (!TAIL_HINT_RE.test(text.slice(0, MAX_SCAN_CHARS))) return new Set();
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  return numbersOnlyAs(scan, (start, end) => {
    const digits = end - start;
    return (
      digits >= MIN_TAIL && digits <= MAX_TAIL && /^\d+$/.test(scan.slice(start, end)) && writtenAsTail(scan, start)
    );
  });
}
