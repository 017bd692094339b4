/**
 * Digits that are part of a time of day or a calendar day are not quantities: `55` in `07:55` is a
 * minute, `20` in `March 20` a day of the month. Read as numbers they are small integers that
 * every long run states again by coincidence (a departure time, a date in a plan), so value
 * provenance would tie a final answer to whichever step first wrote the same digits. Full dates
 * with a year are claims of their own (`d:…`, extract-claims.ts); a time or a day without a year
 * names no checkable value and is not a claim. Checked per candidate number, in a bounded window.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Month names and their usual abbreviations, capitalised as written in dates. */
const MONTH_BEFORE_RE =
  /(?:^|[^A-Za-z])(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December)\.?\s{1,2}(?:\d{1,2}(?:st|nd|rd|th)?\s{0,2}(?:[-‐‑–—]|to|and|through)\s{0,2})?$/;
const MONTH_AFTER_RE =
  /^(?:st|nd|rd|th)?(?:\s{0,2}(?:[-‐‑–—]|to|and)\s{0,2}\d{1,2}(?:st|nd|rd|th)?)?\s{1,2}(?:of\s{1,2})?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December)(?![A-Za-z])/;
/** Characters looked at either side of the number for a month name. */
const WINDOW = 28;

/** `h:mm` or `hh:mm[:ss]`: the hour before a colon and two-digit minutes, or minutes and seconds after one. */
function inClockTime(text: string, start: number, end: number): boolean {
  const len = end - start;
  const value = Number(text.slice(start, end));
  const twoDigitsAt = (i: number) => isDigit(text.charCodeAt(i)) && isDigit(text.charCodeAt(i + 1));
  const after = text.charCodeAt(end) === 58 && twoDigitsAt(end + 1) && !isDigit(text.charCodeAt(end + 3));
  if (after && len <= 2 && value <= 23) return true;
  const before = text.charCodeAt(start - 1) === 58 && start >= 2 && isDigit(text.charCodeAt(start - 2));
  return before && len === 2 && value <= 59;
}

/** A whole number from 1 to 31 written next to a month name: the day of a date without its year. */
function dayOfMonth(text: string, start: number, end: number): boolean {
  const raw = text.slice(start, end);
  if (!/^\d{1,2}$/.test(raw) || Number(raw) < 1 || Number(raw) > 31) return false;
  if (MONTH_BEFORE_RE.test(text.slice(Math.max(0, start - WINDOW), start))) return true;
  return MONTH_AFTER_RE.test(text.slice(end, end + WINDOW));
}

/** Whether the number written at text[start, end) is a piece of a time of day or a day of the month. */
export function isCalendarPiece(text: string, start: number, end: number): boolean {
  return inClockTime(text, start, end) || dayOfMonth(text, start, end);
}
