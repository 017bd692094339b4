/**
 * A date stated as a day next to another: "the day after your booking, which would be May 24,
 * 2024" (the booking on May 23), "the day before the 3 June hearing, 2 June". The phrase names the
 * shift; the date it lands on is worked out from the one at hand, not invented. Only a one-day shift
 * written in the same sentence, shortly before the date, is read: "a week later" or "in a few days"
 * name no exact day.
 */

/** Characters read back from a date for its phrase, within its sentence. */
const WINDOW = 120;
const AFTER_RE = /\b(?:(?:the )?day after|(?:the )?next day|(?:the )?following day)\b/gi;
const BEFORE_RE = /\b(?:(?:the )?day before|(?:the )?previous day|(?:the )?prior day)\b/gi;

/** The sentence's text shortly before `start`: back to the last ". ", "! ", "? " or line break. */
function clauseBefore(text: string, start: number): string {
  const from = Math.max(0, start - WINDOW);
  const window = text.slice(from, start);
  let cut = -1;
  for (let i = window.length - 2; i >= 0; i--) {
    const c = window[i];
    if (c === "\n" || ((c === "." || c === "!" || c === "?") && window[i + 1] === " ")) {
      cut = i;
      break;
    }
  }
  return window.slice(cut + 1);
}

/** +1 when the sentence before `start` says "the day after", −1 for "the day before", 0 otherwise (or both). */
export function relativeDayShift(text: string, start: number): number {
  const clause = clauseBefore(text, start);
  const after = AFTER_RE.test(clause);
  AFTER_RE.lastIndex = 0;
  const before = BEFORE_RE.test(clause);
  BEFORE_RE.lastIndex = 0;
  return after === before ? 0 : after ? 1 : -1;
}

/** `d:YYYY-MM-DD` moved by `days` (calendar arithmetic in UTC); null for a value that is no full date. */
export function shiftedDate(value: string, days: number): string | null {
  const m = /^d:(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + days * 86_400_000;
  if (!Number.isFinite(t)) return null;
  return `d:${new Date(t).toISOString().slice(0, 10)}`;
}
