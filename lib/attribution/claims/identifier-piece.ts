import { allMatches } from "../all-matches";
/**
 * Digits that are part of an identifier, a timestamp or a meter reading are not values anyone
 * stated: `-43` and `89` in `run--43f26039-89ca-…`, `2024-08-06` in `gpt-4o-2024-08-06`, `56.123` in
 * `12:34:56.123Z`, `1718900000123` (an epoch millisecond), `120` after `prompt_tokens=`, `10.5555` in a DOI. Importers unwrap the
 * envelopes these come from (lib/importers/content-text.ts); this guard covers what remains inside
 * prose, code output or an unrecognised format. Checked per candidate value, in a bounded window.
 */

/** Characters of an identifier token: letters, digits, `_` and `-`. */
function isTokenChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Tokens longer than this are scanned only this far either side of the value. */
const TOKEN_WINDOW = 64;

/**
 * An id-like token: at least 8 characters mixing letters and digits with 3 or more switches between
 * them (`call_kW83onhu…`, `fp_07871e2ad8`, `gpt-4o-2024-08-06`, a UUID), unlike a word with a
 * number (`COVID-19`, `x86_64`, `Windows11`: one switch). Separators do not count as a switch.
 */
function idLikeToken(text: string, start: number, end: number): boolean {
  let a = start;
  while (a > 0 && start - a < TOKEN_WINDOW && isTokenChar(text.charCodeAt(a - 1))) a--;
  let b = end;
  while (b < text.length && b - end < TOKEN_WINDOW && isTokenChar(text.charCodeAt(b))) b++;
  if (b - a < 8) return false;
  let switches = 0;
  let last = 0; // 1 letter, 2 digit
  for (let i = a; i < b; i++) {
    const c = text.charCodeAt(i);
    const cls = isLetter(c) ? 1 : isDigit(c) ? 2 : 0;
    if (cls === 0) continue;
    if (last !== 0 && cls !== last) switches++;
    last = cls;
  }
  return switches >= 3 || uuidAround(text, a, b);
}

const UUID_RE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function uuidAround(text: string, a: number, b: number): boolean {
  return b - a >= 36 && UUID_RE.test(text.slice(a, b));
}

/** A date with a time of day (`2024-05-01T12:34:56.123456+00:00`, `2024-05-01 12:34`): a timestamp. */
const DATETIME_RE = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?/g;

/** Whether `ch` occurs in text[from, to): a search in place, no window copied. */
function occursIn(text: string, ch: string, from: number, to: number): boolean {
  const at = text.indexOf(ch, from);
  return at >= 0 && at < to;
}

function insideDatetime(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - 40);
  const to = Math.min(text.length, end + 40);
  // Most values have no colon and hyphen around them: decided before the window is copied.
  if (!occursIn(text, ":", from, to) || !occursIn(text, "-", from, to)) return false;
  const window = text.slice(from, to);
  for (const m of allMatches(DATETIME_RE, window)) {
    const a = from + m.index;
    if (a <= start && end <= a + m[0].length) return true;
  }
  return false;
}

/**
 * A DOI (`10.5555/2736194.4281937`): a registry prefix and a publisher's suffix, both read as decimals
 * by the number scan. The prefix of every DOI of one publisher is the same, so read as a number it
 * ties unrelated citations together; the paper it names is checked as the DOI or link it is written in.
 */
const DOI_RE = /\b10\.\d{4,9}\/[^\s"'<>()[\]]+/g;
/** Characters either side of a value searched for a DOI holding it. */
const DOI_WINDOW = 80;

function insideDoi(text: string, start: number, end: number): boolean {
  const from = Math.max(0, start - DOI_WINDOW);
  const to = Math.min(text.length, end + DOI_WINDOW);
  // Most values have no slash near them: decided by a scan of the window alone (an indexOf could run
  // on to a slash far past it for every number of a long text).
  let slash = false;
  for (let i = from; i < to && !slash; i++) slash = text.charCodeAt(i) === 47;
  if (!slash) return false;
  for (const m of allMatches(DOI_RE, text.slice(from, to))) {
    const a = from + m.index;
    if (a <= start && end <= a + m[0].length) return true;
  }
  return false;
}

/**
 * An integer of 13, 16 or 19 digits in the range of Unix time between 2001 and 2100 in milliseconds,
 * microseconds or nanoseconds: a timestamp, not a quantity. Ten digits (seconds) could as well be a
 * population; those are refused only under a time field (`created`, `timestamp`, `…_at`).
 */
function epochLike(raw: string): boolean {
  // Most numbers have another length: decided before any scan.
  if (raw.length !== 13 && raw.length !== 16 && raw.length !== 19) return false;
  if (!/^\d+$/.test(raw)) return false;
  const lead = Number(raw.slice(0, 10));
  return lead >= 1_000_000_000 && lead <= 4_102_444_800;
}

/**
 * The field a value is written under, in code or data form (`"prompt_tokens": 120`, `created=1718900000`,
 * `'id': 42`, `run_id: 7`): a quoted or `=`-assigned key, or a snake_case one. Prose ("Employee ID: 1234")
 * states a value and is not refused.
 */
const METER_KEY_RE =
  /^(?:id|ids|uuid|guid|created|timestamp|ts|index|usage|[a-z]+_(?:id|ids|at|time|timestamp|tokens|count|ms|nano)|[a-z]*tokens)$/;
/** Characters of a key word: [A-Za-z0-9_]. */
const isKeyChar = (c: number) => isDigit(c) || isLetter(c) || c === 95;
/** How far back a key is read. */
const KEY_WINDOW = 40;

function meterKeyBefore(text: string, start: number): boolean {
  let i = start;
  const stop = Math.max(0, start - 8);
  // The separators between key and value, read back by character code (no copy per number).
  let colon = false;
  let equals = false;
  let quote = false;
  for (; i > stop; i--) {
    const c = text.charCodeAt(i - 1);
    if (c === COLON) colon = true;
    else if (c === EQUALS) equals = true;
    else if (c === QUOTE || c === APOSTROPHE) quote = true;
    else if (c !== SPACE && c !== TAB) break;
  }
  if (!colon && !equals) return false;
  // The key is the whole word before the separators (a field name starts after a non-word character
  // or at the window's start), read by a character scan and matched whole: no regex tried at every
  // position of the window.
  const from = Math.max(0, i - KEY_WINDOW);
  let k = i;
  while (k > from && isKeyChar(text.charCodeAt(k - 1))) k--;
  if (k === i) return false;
  const key = text.slice(k, i);
  if (!METER_KEY_RE.test(key)) return false;
  return key.includes("_") || equals || quote;
}

/** How many characters a file name's extension, or a column number, may have. */
const LOCATION_PART = 8;
const EQUALS = 61;
const QUOTE = 34;
const APOSTROPHE = 39;
const SPACE = 32;
const TAB = 9;
const COLON = 58;
const DOT = 46;

/**
 * A line or column of a source file, as compilers, linters, grep and warnings print them
 * (`cache.go:318:`, `planner.py:77: DeprecationWarning`, `view.ts:12:7`): the number right after
 * the colon that follows a file name's extension (a dot, then letters first), or after a line number
 * that does. A place in a file, not a value anyone stated.
 */
function lineRefBefore(text: string, start: number): boolean {
  if (text.charCodeAt(start - 1) !== COLON) return false;
  let i = start - 1;
  let j = i;
  while (j > 0 && i - j < LOCATION_PART && isDigit(text.charCodeAt(j - 1))) j--;
  if (j < i && text.charCodeAt(j - 1) === COLON) i = j - 1;
  let k = i;
  while (k > 0 && i - k < LOCATION_PART && (isLetter(text.charCodeAt(k - 1)) || isDigit(text.charCodeAt(k - 1)))) k--;
  return isLetter(text.charCodeAt(k)) && text.charCodeAt(k - 1) === DOT;
}

/**
 * Whether the value written at text[start, end) (a number or a date) is a piece of an identifier, a
 * timestamp, a usage/id field or a place in a source file rather than a stated value.
 */
export function isIdentifierPiece(text: string, start: number, end: number): boolean {
  return pieceOfToken(text, start, end) || meterKeyBefore(text, start) || lineRefBefore(text, start);
}

/**
 * A number whose digits go on after another dot ("2.31" of `requests/2.31.0`, "104.28" of the address
 * `104.28.208.116`, "3.2" of section 3.2.1): the head of a version, an address or a section number,
 * no decimal. (A number read after a dot is none already: the scan starts no number there.)
 */
function headOfDottedRun(text: string, start: number, end: number): boolean {
  return text.charCodeAt(end) === DOT && isDigit(text.charCodeAt(end + 1)) && text.slice(start, end).includes(".");
}

/** An epoch, a piece of an id-like token, a piece of a date with a time of day, or the head of a dotted run. */
function pieceOfToken(text: string, start: number, end: number): boolean {
  // Only an epoch's lengths are worth copying the value for (most numbers are short).
  const epochLength = end - start === 13 || end - start === 16 || end - start === 19;
  return (
    headOfDottedRun(text, start, end) ||
    (epochLength && epochLike(text.slice(start, end))) ||
    idLikeToken(text, start, end) ||
    insideDatetime(text, start, end) ||
    insideDoi(text, start, end)
  );
}

/**
 * Whether the value at text[start, end) is refused only for the field it is written under
 * (`"order_id": 4471`, `tracking_id: 7463`) or the file it is a line of (`cache.go:318`): a whole
 * value, not a piece of an id-like token, a timestamp or an epoch. It is no value the step stated, but
 * it is there to be read: a later step that quotes it saw it (`grounding.ts`).
 */
export function isKeyedValue(text: string, start: number, end: number): boolean {
  return (meterKeyBefore(text, start) || lineRefBefore(text, start)) && !pieceOfToken(text, start, end);
}
