/**
 * Typed claims: the checkable values a step states — numbers (with money/percent/unit marks),
 * dates (a month and day without a year too: `d:--03-15`), URLs and paths, quoted strings, multi-word capitalised names, and approve/reject verdicts.
 * Each claim keeps its character offsets (for quoted evidence) and a normalized `value` so that the
 * same fact written two ways ("$48,210.00" and "48210 dollars") compares equal. Literals inside
 * code blocks are claims too (`inCode`): data typed into code is as much an assertion as prose.
 * Bounded: at most MAX_SCAN_CHARS characters and MAX_CLAIMS claims per text, one pass per pattern.
 */
import { LOCATOR_RE, normalizeNumber } from "../text-features";
import { trimEndChars } from "../../text/linear-text";
import { isIdentifierPiece } from "./identifier-piece";
import { isCalendarPiece } from "./calendar-piece";
import { inlineCodeSpans, isCommandOption } from "./command-option";
import { POINTING_WORDS } from "./label-tokens";
import { allMatches } from "../all-matches";

export type ClaimKind = "number" | "date" | "url" | "quoted" | "entity" | "verdict";

export interface Claim {
  kind: ClaimKind;
  /** Normalized identity, prefixed by kind ("n:2996", "d:2021-03-04", "u:example.com/a", "e:rockhopper penguin"). */
  value: string;
  /** The text as written. */
  raw: string;
  start: number;
  end: number;
  /** Inside a fenced code block. */
  inCode: boolean;
  /** For numbers: the label written just before it ("total revenue"), lowercased; "" when none. */
  key: string;
  /** For numbers: the numeric value. */
  num?: number;
  /** For numbers: "money" | "percent" | "" (plain). */
  unit?: string;
}

export const MAX_SCAN_CHARS = 20_000;
export const MAX_CLAIMS = 160;

const NUMBER_RE =
  /(?<![\w.])(\$|€|£)?\s?(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?(?:[eE][-+]\d{1,3}(?!\w|\.\d))?)(\s?%|\s?(?:percent|dollars|usd|euros?)\b)?/gi;
const ISO_DATE_RE = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
/** A link's elided end: "…" or three dots, after its last slash or not. */
const ELIDED_END_RE = /(?:\.\.\.|…)$/;
/** "08/21/2023", "21/08/2023": a date with slashes, not a piece of a path ("/2023/08/21/"). */
const SLASH_DATE_RE = /(?<![\d/.])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g;

/**
 * A slashed date's value when only one reading holds: the month is the part that is at most 12 and the
 * other part is a day over 12 ("08/21/2023" in the US, "21/08/2023" in Europe). "03/04/2023" is
 * either, and is no date claim.
 */
function slashDateValue(a: number, b: number, year: string): string | null {
  const pad = (n: number) => String(n).padStart(2, "0");
  if (a >= 1 && a <= 12 && b > 12 && b <= 31) return `d:${year}-${pad(a)}-${pad(b)}`;
  if (b >= 1 && b <= 12 && a > 12 && a <= 31) return `d:${year}-${pad(b)}-${pad(a)}`;
  return null;
}
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
/**
 * "May 24, 2024", "24 May 2024", "Aug. 9, 2024": a month's name, whole or cut to its usual abbreviation
 * ("Sep", "Sept.", "Aug"), capitalised; the month is read from its first three letters.
 */
const WORD_DATE_RE =
  /\b((?:January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?))\s+(\d{1,2}),?\s+(\d{4})\b|\b(\d{1,2})\s+((?:January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)),?\s+(\d{4})\b/g;
/**
 * A day of a month without a year ("March 15", "5 March", "March 15th", "the 26th of May"), the month
 * written as WORD_DATE_RE writes it: checkable against the dates a source gives, with or without
 * their year (`d:--03-15`). Not followed by a year (that is a full date).
 */
const YEARLESS_DATE_RE =
  /\b((?:January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?))\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!,?\s*\d)|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?((?:January|February|March|April|May|June|July|August|September|October|November|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?))(?![A-Za-z])(?!,?\s*\d)/g;
/** The month (1–12) of a name those patterns matched. */
const monthOf = (name: string): number => MONTHS.findIndex((m) => m.startsWith(name.slice(0, 3).toLowerCase())) + 1;
/**
 * A protocol counter before a number ("Round 2", "turn 4", "round 2 of 3"): the harness's bookkeeping,
 * not a value anyone states; read as a number it matches any small count ("2 votes") by coincidence.
 */
const COUNTER_BEFORE_RE = /\b(?:round|turn|iteration|cycle|phase)\s?#?(?:\d+\s?(?:of|\/)\s?)?$/i;
/**
 * The word "version" right before a decimal ("Python (version 3.6 or higher)"): the number names a
 * release, as "version 2.0.1" does (identifier-piece.ts reads that one as an identifier), and is no
 * quantity: read as one, 3.6 is 36 / 10 of any code that holds a 36 and a 10.
 */
const VERSION_BEFORE_RE = /\bversion\s?$/i;
const QUOTE_RE = /"([^"\n]{3,80})"|“([^”\n]{3,80})”/g;
/** Two or more capitalised words in a row ("Rockhopper Penguin", "Federal Reserve Bank"). */
const ENTITY_RE = /\b[A-Z][a-z]+(?:[ -](?:of |the |de |von )?[A-Z][a-z]+)+\b/g;
/**
 * A function word capitalised only because it opens a sentence ("The Miami Heat won", "When Ada
 * Lovelace wrote"): not part of the name, which elsewhere reads without it ("for the Miami Heat").
 */
const LEADING_WORD_RE =
  /^(?:The|A|An|In|On|At|By|For|From|With|When|While|After|Before|During|Since|If|As|But|And|So|Then|This|That|These|Those|Our|My|Your|His|Her|Their|Its|Both|Each|Every|Also) /;

/** Characters of a sentence-opening function word to drop from an entity, when two names or more remain. */
function leadingWordLength(entity: string): number {
  const lead = LEADING_WORD_RE.exec(entity);
  return lead && /[ -]/.test(entity.slice(lead[0].length)) ? lead[0].length : 0;
}
const CODE_RE = /```[\s\S]*?(?:```|$)/g;
/** The label before a number: up to three words ending right before it (a JSON key's closing quote allowed), optionally followed by is/was/:/=. */
export const KEY_BEFORE_RE =
  /([A-Za-z][A-Za-z_-]{1,30}(?:\s+[A-Za-z][A-Za-z_-]{1,30}){0,2})["']?\s*(?::|=|\bis\b|\bwas\b|\bare\b|\bequals\b|\bof\b)?\s*(?:\$|€|£)?\s*$/;
const KEY_STOP = new Set([
  "the",
  "a",
  "an",
  "is",
  "was",
  "are",
  "of",
  "to",
  "and",
  "or",
  "in",
  "on",
  "at",
  "be",
  "by",
  "with",
  "for",
  ...POINTING_WORDS,
]);

export const APPROVE_RE =
  /\b(?:approved?|lgtm|looks good|verified|is correct|are correct|confirmed|i agree|no issues|all checks pass(?:ed)?|everything is correct)\b/i;
export const REJECT_RE =
  /\b(?:incorrect|is wrong|not correct|doesn't match|does not match|mistake|discrepanc\w*|inconsistent|reject(?:ed)?|needs? (?:to be )?(?:fixed|corrected|revised)|there is an error)\b/i;

/** Ranges of fenced code blocks, for the `inCode` flag. */
function codeRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (!text.includes("```")) return out;
  for (const m of allMatches(CODE_RE, text)) out.push([m.index!, m.index! + m[0].length]);
  return out;
}

const inRanges = (ranges: [number, number][], at: number) => ranges.some(([a, b]) => at >= a && at < b);

/**
 * Whether text[from, at) can end as KEY_BEFORE_RE ends: read back over spaces, a currency sign, spaces,
 * ":" or "=", spaces and a quote, a label's letter must come next (the words "is", "of", … end in
 * one). When it does not, the expression, tried at every start in the window, cannot match: a number
 * after "+" or "," has no label, and most numbers of a computation stand there.
 */
function labelMayEnd(text: string, from: number, at: number): boolean {
  let i = at - 1;
  const spaces = () => {
    while (i >= from && SPACE_RE.test(text[i])) i--;
  };
  spaces();
  if (i >= from && CURRENCY_SIGNS.includes(text[i])) i--;
  spaces();
  if (i >= from && (text[i] === ":" || text[i] === "=")) i--;
  spaces();
  if (i >= from && (text[i] === '"' || text[i] === "'")) i--;
  return i >= from && LABEL_END_RE.test(text[i]);
}
const SPACE_RE = /\s/;
const CURRENCY_SIGNS = "$€£";
const LABEL_END_RE = /[A-Za-z_-]/;

/** Lowercased label words before offset `at` (stopwords dropped, last two kept). */
export function keyBefore(text: string, at: number): string {
  const from = Math.max(0, at - 48);
  if (!labelMayEnd(text, from, at)) return "";
  const m = KEY_BEFORE_RE.exec(text.slice(from, at));
  return m ? labelWords(m[1]) : "";
}

/** A label's last two words, lowercased, stopwords dropped ("Total Price" → "total price"). */
export function labelWords(label: string): string {
  const words = label
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter((w) => w && !KEY_STOP.has(w));
  return words.slice(-2).join(" ");
}

export function normalizeUrl(raw: string): string {
  return trimEndChars(raw, ".,;:!?")
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/$/, "")
    .toLowerCase();
}

/**
 * The normalized values of a text's claims (the `value` of each claim `extractClaims` returns),
 * without the labels and the ordering only claim-level checks need: for "which values did this
 * step see", asked of every step's input.
 */
export function extractClaimValues(text: string): Set<string> {
  return new Set(extractUnlabelledClaims(text).map((c) => c.value));
}

/**
 * The claims of a text without number labels and in no set order: for which values a text holds and
 * which of them are years (`claimYear`), asked of every step's input. The same claims as
 * `extractClaims`, with `key` empty.
 */
export function extractUnlabelledClaims(text: string): Claim[] {
  return scanClaims(text, false);
}

/** Extracts the claims of one text, in order of position. */
export function extractClaims(full: string): Claim[] {
  const out = scanClaims(full, true);
  // Most texts yield claims of one pattern, already in order: the sort (which copies) is skipped then.
  for (let i = 1; i < out.length; i++) if (byPosition(out[i - 1], out[i]) > 0) return out.sort(byPosition);
  return out;
}

const byPosition = (a: Claim, b: Claim) => a.start - b.start || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0);

/**
 * Adds a claim to `out` (up to MAX_CLAIMS), with its label defaulted and its `inCode` flag set. A
 * module function rather than a closure per scan: every step's text is scanned, some twice.
 */
function pushClaim(out: Claim[], code: [number, number][], c: Omit<Claim, "inCode" | "key"> & { key?: string }): void {
  if (out.length < MAX_CLAIMS) {
    const claim = c as Claim;
    claim.key ??= "";
    claim.inCode = inRanges(code, c.start);
    out.push(claim);
  }
}

/** The claims of a text in order of pattern, then position; number labels only when `withKeys`. */
function scanClaims(full: string, withKeys: boolean): Claim[] {
  const text = full.length > MAX_SCAN_CHARS ? full.slice(0, MAX_SCAN_CHARS) : full;
  const out: Claim[] = [];
  const code = codeRanges(text);
  const dateSpans: [number, number][] = [];
  // Cheap guards first: most steps have no digit, quote, slash or capital, and each scan is skipped then.
  const hasDigit = /\d/.test(text);
  // Month names are capitalised (WORD_DATE_RE is case-sensitive); ISO dates need a hyphen.
  const hasUpper = /[A-Z]/.test(text);
  if (hasDigit && text.includes("-"))
    for (const m of allMatches(ISO_DATE_RE, text)) {
      dateSpans.push([m.index!, m.index! + m[0].length]);
      if (isIdentifierPiece(text, m.index!, m.index! + m[0].length)) continue;
      pushClaim(out, code, {
        kind: "date",
        value: `d:${m[1]}-${m[2]}-${m[3]}`,
        raw: m[0],
        start: m.index!,
        end: m.index! + m[0].length,
      });
    }
  if (hasDigit && hasUpper)
    for (const m of allMatches(WORD_DATE_RE, text)) {
      const month = monthOf(m[1] ?? m[5]);
      const day = Number(m[2] ?? m[4]);
      const year = m[3] ?? m[6];
      dateSpans.push([m.index!, m.index! + m[0].length]);
      pushClaim(out, code, {
        kind: "date",
        value: `d:${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
        raw: m[0],
        start: m.index!,
        end: m.index! + m[0].length,
      });
    }
  if (hasDigit && text.includes("/"))
    for (const m of allMatches(SLASH_DATE_RE, text)) {
      const value = slashDateValue(Number(m[1]), Number(m[2]), m[3]);
      if (value === null || isIdentifierPiece(text, m.index!, m.index! + m[0].length)) continue;
      // Its numbers stay claims too (a task's "2023" is the year a search may use alone).
      pushClaim(out, code, { kind: "date", value, raw: m[0], start: m.index!, end: m.index! + m[0].length });
    }
  if (hasDigit && hasUpper)
    for (const m of allMatches(YEARLESS_DATE_RE, text)) {
      const at = m.index!;
      if (inRanges(dateSpans, at)) continue;
      const day = Number(m[2] ?? m[3]);
      if (day < 1 || day > 31) continue;
      const month = monthOf(m[1] ?? m[4]);
      dateSpans.push([at, at + m[0].length]);
      pushClaim(out, code, {
        kind: "date",
        value: `d:--${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
        raw: m[0],
        start: at,
        end: at + m[0].length,
      });
    }
  const urlSpans: [number, number][] = [];
  if (text.includes("/"))
    for (const m of allMatches(LOCATOR_RE, text)) {
      urlSpans.push([m.index!, m.index! + m[0].length]);
      // A link cut short ("https://chem.example.org/...") points at one shown in full elsewhere: it
      // names no resource of its own to check.
      if (ELIDED_END_RE.test(m[0])) continue;
      pushClaim(out, code, {
        kind: "url",
        value: `u:${normalizeUrl(m[0])}`,
        raw: m[0],
        start: m.index!,
        end: m.index! + m[0].length,
      });
    }
  let spans: number[] | undefined;
  const inlineSpans = () => (spans ??= inlineCodeSpans(text));
  if (hasDigit)
    for (const m of allMatches(NUMBER_RE, text)) {
      const at = m.index! + (m[1] ? m[1].length : 0) + (m[0].length - m[0].trimStart().length);
      const numStart = text.indexOf(m[2], m.index!);
      if (inRanges(dateSpans, numStart) || inRanges(urlSpans, numStart)) continue;
      if (isIdentifierPiece(text, numStart, numStart + m[2].length)) continue;
      if (isCalendarPiece(text, numStart, numStart + m[2].length)) continue;
      if (m[2].includes(".") && VERSION_BEFORE_RE.test(text.slice(Math.max(0, numStart - 10), numStart))) continue;
      if (COUNTER_BEFORE_RE.test(text.slice(Math.max(0, numStart - 24), numStart))) continue;
      if (isCommandOption(text, numStart, numStart + m[2].length, inRanges(code, numStart), inlineSpans)) continue;
      const norm = normalizeNumber(m[2]);
      const num = Number(norm);
      if (!Number.isFinite(num)) continue;
      const unit =
        m[1] || /dollar|usd|euro/i.test(m[3] ?? "") ? "money" : m[3] && /%|percent/i.test(m[3]) ? "percent" : "";
      pushClaim(out, code, {
        kind: "number",
        value: `n:${norm}`,
        raw: m[0].trim(),
        start: at,
        end: m.index! + m[0].length,
        num,
        unit,
        key: withKeys ? keyBefore(text, m.index!) : "",
      });
    }
  if (text.includes('"') || text.includes("“"))
    for (const m of allMatches(QUOTE_RE, text)) {
      const s = (m[1] ?? m[2]).trim().toLowerCase();
      if (/[a-z]/.test(s))
        pushClaim(out, code, {
          kind: "quoted",
          value: `q:${s}`,
          raw: m[0],
          start: m.index!,
          end: m.index! + m[0].length,
        });
    }
  if (hasUpper && /[A-Z][a-z]+[ -]/.test(text))
    for (const m of allMatches(ENTITY_RE, text)) {
      const cut = leadingWordLength(m[0]);
      const raw = m[0].slice(cut);
      pushClaim(out, code, {
        kind: "entity",
        value: `e:${raw.toLowerCase().replace(/-/g, " ")}`,
        raw,
        start: m.index! + cut,
        end: m.index! + m[0].length,
      });
    }
  const verdict = REJECT_RE.exec(text) ?? APPROVE_RE.exec(text);
  if (verdict) {
    const reject = REJECT_RE.test(verdict[0]);
    pushClaim(out, code, {
      kind: "verdict",
      value: reject ? "v:reject" : "v:approve",
      raw: verdict[0],
      start: verdict.index,
      end: verdict.index + verdict[0].length,
    });
  }
  return out;
}
