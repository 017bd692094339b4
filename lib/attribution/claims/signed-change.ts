/**
 * The magnitude of a negative number: a source that prints a change or a ledger entry signed
 * ("change: -14.2%", a refund's `"amount": -310`, a difference "-114.0") gives the same number a
 * writer restates as "a 14.2% decline", "a refund of $310" or "an additional $114". Which sign a
 * tool uses is its convention, so the magnitude is that number restated, not a new one. Only a
 * word of rise next to it ("up 14.2%", "a 14.2% gain") says the writer turned the sign over: that
 * stays a value of the writer's own.
 */
import { extractClaims } from "./extract-claims";

/** Words that state an increase, before the number ("rose 5%") or after it ("a 5% gain"). */
const RISE_WORDS = new Set(
  (
    "rise rises rising rose risen increase increased increases increasing up gain gains gained grew " +
    "grow grows growth jump jumped jumps climb climbed climbs surge surged soared rallied higher plus " +
    "positive profit profits"
  ).split(" "),
);
/** Words that may stand between the word and the number: "a rise of about 5%", "higher by 5". */
const FILLER = new Set(
  "of by a an about around approximately roughly nearly almost some over just only net".split(" "),
);
/** Words of a unit written after the number, before the word ("5 percentage points higher"). */
const UNIT_AFTER = new Set("percent percentage points point pts net".split(" "));
/** Characters read on each side of the number. */
const WINDOW = 40;
/** Words (and marks) read on each side: the filler a word may stand behind is short. */
const MAX_TOKENS = 5;

const TOKEN_RE = /[a-z]+|[^a-z\s]/g;

/** Whether the number at [start, end) of `text` is written next to a word of increase. */
export function statedAsRise(text: string, start: number, end: number): boolean {
  // Before: the last words, walked back over currency marks, a label's colon and filler.
  const before =
    text
      .slice(Math.max(0, start - WINDOW), start)
      .toLowerCase()
      .match(TOKEN_RE) ?? [];
  for (let k = before.length - 1, n = 0; k >= 0 && n < MAX_TOKENS; k--, n++) {
    const t = before[k];
    if (RISE_WORDS.has(t)) return true;
    if (!FILLER.has(t) && t !== "$" && t !== "€" && t !== "£" && t !== ":") break;
  }
  // After: the first word past the number's unit.
  const after =
    text
      .slice(end, end + WINDOW)
      .toLowerCase()
      .match(TOKEN_RE) ?? [];
  for (let k = 0; k < after.length && k < MAX_TOKENS; k++) {
    const t = after[k];
    if (RISE_WORDS.has(t)) return true;
    if (!UNIT_AFTER.has(t) && t !== "%") break;
  }
  return false;
}

/** The positive numbers (normalized) a text states next to a word of increase. Bounded by extractClaims. */
export function riseNumbers(text: string | undefined): Set<string> {
  const out = new Set<string>();
  if (!text || !/\d/.test(text)) return out;
  for (const c of extractClaims(text))
    if (c.kind === "number" && (c.num ?? 0) > 0 && statedAsRise(text, c.start, c.end)) out.add(c.value.slice(2));
  return out;
}
