/**
 * Digits that are part of a time of day or a calendar day are not quantities: `55` in `07:55` is a
 * minute, `20` in `March 20` a day of the month. Read as numbers they are small integers that
 * every long run states again by coincidence (a departure time, a date in a plan), so value
 * provenance would tie a final answer to whichever step first wrote the same digits. Full dates
 * with a year are claims of their own (`d:…`, extract-claims.ts), as is a month and day without a year
 * (`d:--03-20`, checked against the days sources give); the day's digits alone, a time, and a
 * date stamped as one run of digits ("20191130"), are no number claim. Checked per candidate number, in a bounded window.
 */

import { MAX_SCAN_CHARS, numbersOnlyAs } from "../text-features";

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Month names and their usual abbreviations, lowercased (they count only when written capitalised). */
const MONTHS = new Set([
  ..."jan feb mar apr may jun jul aug sep sept oct nov dec".split(" "),
  ..."january february march april june july august september october november december".split(" "),
]);
const MONTH_AFTER_RE =
  /^(?:st|nd|rd|th)?(?:\s{0,2}(?:[-‐‑–—]|to|and)\s{0,2}\d{1,2}(?:st|nd|rd|th)?)?\s{1,2}(?:of\s{1,2})?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December)(?![A-Za-z])/;
/** Characters looked at after the number for a month name. */
const WINDOW = 28;
const RANGE_MARKS = new Set(["-", "‐", "‑", "–", "—"]);
const RANGE_WORDS = new Set(["to", "and", "through"]);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isSpace = (c: number) => c === 32 || c === 9 || c === 160 || c === 8239 || c === 8201;

/** Start of the run of at most `max` spaces ending at `end` (exclusive). */
function spacesBefore(text: string, end: number, max: number): number {
  let i = end;
  while (i > 0 && end - i < max && isSpace(text.charCodeAt(i - 1))) i--;
  return i;
}

/** The word of at most 9 letters ending at `end`, and where it starts; "" when none ends there. */
function wordBefore(text: string, end: number): [string, number] {
  let i = end;
  while (i > 0 && end - i < 10 && isLetter(text.charCodeAt(i - 1))) i--;
  if (i === end || end - i > 9 || (i > 0 && isLetter(text.charCodeAt(i - 1)))) return ["", end];
  return [text.slice(i, end), i];
}

/** Whether a capitalised month name (optionally with a period) ends right before `end`, after 1–2 spaces. */
function monthEndsAt(text: string, end: number): boolean {
  let i = spacesBefore(text, end, 2);
  if (i === end) return false;
  if (text[i - 1] === ".") i--;
  const [word] = wordBefore(text, i);
  return word.length >= 3 && word[0] >= "A" && word[0] <= "Z" && MONTHS.has(word.toLowerCase());
}

/** "March 20", or the end of a range that starts after a month ("March 17 – 21", "Sep 2 to 7"). */
function monthBefore(text: string, start: number): boolean {
  if (monthEndsAt(text, start)) return true;
  let i = spacesBefore(text, start, 2);
  if (RANGE_MARKS.has(text[i - 1])) i--;
  else {
    const [word, at] = wordBefore(text, i);
    if (!RANGE_WORDS.has(word)) return false;
    i = at;
  }
  i = spacesBefore(text, i, 2);
  const [ordinal, at] = wordBefore(text, i);
  if (ordinal === "st" || ordinal === "nd" || ordinal === "rd" || ordinal === "th") i = at;
  const digitsEnd = i;
  while (i > 0 && digitsEnd - i < 2 && isDigit(text.charCodeAt(i - 1))) i--;
  return i < digitsEnd && monthEndsAt(text, i);
}

/** Two digits at i and i + 1. */
function twoDigitsAt(text: string, i: number): boolean {
  return isDigit(text.charCodeAt(i)) && isDigit(text.charCodeAt(i + 1));
}

/**
 * `h:mm` or `hh:mm[:ss]`: the hour before a colon and two-digit minutes, or minutes and seconds after
 * one. The minutes of `hh:mm:ss` stand both after a colon and before one: read as an hour first, a
 * minute past 23 (`52` in `09:52:38`) is still a minute.
 */
function inClockTime(text: string, start: number, end: number): boolean {
  const len = end - start;
  if (len > 2) return false;
  if (
    text.charCodeAt(end) === 58 &&
    twoDigitsAt(text, end + 1) &&
    !isDigit(text.charCodeAt(end + 3)) &&
    Number(text.slice(start, end)) <= 23
  )
    return true;
  return (
    len === 2 &&
    start >= 2 &&
    text.charCodeAt(start - 1) === 58 &&
    isDigit(text.charCodeAt(start - 2)) &&
    Number(text.slice(start, end)) <= 59
  );
}

/** A whole number from 1 to 31 written next to a month name: the day of a date without its year. */
function dayOfMonth(text: string, start: number, end: number): boolean {
  if (end - start > 2 || !isDigit(text.charCodeAt(start)) || !isDigit(text.charCodeAt(end - 1))) return false;
  const day = Number(text.slice(start, end));
  if (day < 1 || day > 31) return false;
  if (monthBefore(text, start)) return true;
  return MONTH_AFTER_RE.test(text.slice(end, end + WINDOW));
}

/** Whether the number written at text[start, end) is a piece of a time of day or a day of the month. */
export function isCalendarPiece(text: string, start: number, end: number): boolean {
  return inClockTime(text, start, end) || dayOfMonth(text, start, end) || isDateStamp(text.slice(start, end));
}

const two = (s: string, at: number) => Number(s.slice(at, at + 2));

/**
 * A date written as one run of digits, YYYYMMDD or YYYYMMDDhhmmss ("20191130", an archive's
 * "20180615000000"): a day, as a web archive or a file name stamps it, not a quantity of 20 million.
 */
export function isDateStamp(digits: string): boolean {
  if ((digits.length !== 8 && digits.length !== 14) || !/^(?:19|20)\d+$/.test(digits)) return false;
  const [month, day] = [two(digits, 4), two(digits, 6)];
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  return digits.length === 8 || (two(digits, 8) <= 23 && two(digits, 10) <= 59 && two(digits, 12) <= 59);
}

/**
 * Numbers the text writes only as pieces of a time of day or a day of the month (`12` and `15` in
 * "arrives at 12:15"), normalized: the same digits written as a quantity elsewhere in the text are
 * not among them. Scans at most `MAX_SCAN_CHARS`, like the number scan it filters.
 */
export function calendarOnlyNumbers(text: string): Set<string> {
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  return numbersOnlyAs(scan, (start, end) => isCalendarPiece(scan, start, end));
}
