import { allMatches } from "../all-matches";
/**
 * Period qualifiers: the part of a task that says which slice of the data it asks about, written as a
 * period word with its label ("semester B", "quarter 3", "week 12", "phase II") or a short quarter or
 * half ("Q3", "H2"). Like a year, such a constraint is recognisable by shape alone: a closed class of
 * period words followed by a one-to-three character label. A lookup whose result carries the same
 * period word with another label answered another question (see dropped-constraint.ts).
 */

/**
 * The period words: calendars and sequences of work, not open nouns (a "version 2" is a choice, not a
 * slice). "Period" itself numbers an accounting calendar's periods ("period 4").
 */
const PERIOD_RE =
  /\b(semester|trimester|quarter|season|term|week|phase|half|round|sprint|cycle|wave|batch|shift|stage|period)\s+(?:no\.?\s*|#)?([a-z]|\d{1,3}|[ivx]{1,4})\b/gi;
/** Q1–Q4 and H1–H2 stand for a quarter and a half. */
const SHORT_RE = /\b([qh])([1-4])\b/gi;
/** Text read per step: qualifiers of a lookup sit in its first lines. */
const MAX_TEXT = 20_000;
const ROMAN: Record<string, string> = { i: "1", ii: "2", iii: "3", iv: "4", v: "5", vi: "6", vii: "7", viii: "8" };

export interface Qualifier {
  /** The period word, lower case ("semester", "quarter"). */
  word: string;
  /** Its label, normalized ("b", "3"): roman numerals and leading zeros read as the number. */
  label: string;
  raw: string;
}

function normalizeLabel(label: string): string {
  const l = label.toLowerCase();
  if (ROMAN[l]) return ROMAN[l];
  return /^\d+$/.test(l) ? String(Number(l)) : l;
}

/** The period qualifiers a text states, in order. Linear: two scans without backtracking. */
export function periodQualifiers(text: string): Qualifier[] {
  const t = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const out: Qualifier[] = [];
  for (const m of allMatches(PERIOD_RE, t)) {
    const label = m[2];
    // A lone lowercase letter after a period word is a word of the sentence ("the week a change…").
    if (/^[a-z]$/.test(label)) continue;
    out.push({ word: m[1].toLowerCase(), label: normalizeLabel(label), raw: m[0] });
  }
  for (const m of allMatches(SHORT_RE, t))
    out.push({ word: m[1].toLowerCase() === "q" ? "quarter" : "half", label: m[2], raw: m[0] });
  return out;
}

/** The labels the task asks for, per period word. */
export function taskQualifiers(task: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const q of periodQualifiers(task)) {
    const set = out.get(q.word) ?? new Set<string>();
    set.add(q.label);
    out.set(q.word, set);
  }
  return out;
}

/** The first qualifier of `text` whose word the task constrains with another label, or undefined. */
export function otherQualifier(text: string, wanted: Map<string, Set<string>>): Qualifier | undefined {
  return periodQualifiers(text).find((q) => wanted.has(q.word) && !wanted.get(q.word)!.has(q.label));
}

/** Whether `text` states one of the task's labels for a constrained period word. */
export function keepsQualifier(text: string, wanted: Map<string, Set<string>>): boolean {
  return periodQualifiers(text).some((q) => wanted.get(q.word)?.has(q.label));
}

/**
 * A result field that names the record's period ("period": "the 2024 campaign", `period: semester B`).
 * Only the field's own label is read: a page mentions many periods, a record states the one it holds.
 */
const PERIOD_FIELD_RE = /["']?\b(?:period|time ?period|time ?frame)["']?[ \t]*[:=][ \t]*["']?([^"'\n,;|}]{1,60})/gi;
/** A year in a field's value (`YEARS_RE` finds them all; this one only asks whether there is one). */
const YEAR_RE = /\b(?:19|20)\d{2}\b/;
const YEARS_RE = /\b(?:19|20)\d{2}\b/g;
const MAX_FIELDS = 20;

/**
 * The period a result's period field states when it is not the task's: the field holds another
 * qualifier or a year, and none of the task's labels or years. A field that names no period
 * ("monthly") says nothing.
 */
export function otherPeriodField(
  text: string,
  wanted: Map<string, Set<string>>,
  years: ReadonlySet<string> = new Set(),
): Qualifier | undefined {
  for (const value of periodFieldValues(text)) {
    if (keepsQualifier(value, wanted) || mentionsYear(value, years)) continue;
    if (periodQualifiers(value).length || YEAR_RE.test(value))
      return { word: "period", label: value.toLowerCase(), raw: value };
  }
  return undefined;
}

/**
 * The values a result gives in its period fields: a labelled field (`period: …`), a table's period
 * column and, unless `headings` is false, a record's heading slice ("East Dock, the 2023 season: …"),
 * at most `MAX_FIELDS` of them. A heading slice is a period only when its value shows one by shape.
 */
export function periodFieldValues(text: string, headings = true): string[] {
  const t = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const values: string[] = [];
  // A field and a table column are named by a period word; most outputs have none and are not split.
  if (PERIOD_WORD_RE.test(t)) {
    for (const m of allMatches(PERIOD_FIELD_RE, t)) {
      if (values.length >= MAX_FIELDS) break;
      values.push(m[1].trim());
    }
    if (values.length < MAX_FIELDS) values.push(...tablePeriods(t).slice(0, MAX_FIELDS - values.length));
  }
  if (!headings) return values;
  for (const m of allMatches(RECORD_HEADING_RE, t)) {
    if (values.length >= MAX_FIELDS) break;
    values.push(m[1].trim());
  }
  return values;
}

/**
 * A record's heading line: its name, a comma, the slice of data it covers, a colon, then its values
 * ("East Dock, the 2023 season: berths used = 41"). The slice counts as the record's period field when
 * it holds a year or a period qualifier (checked by the caller, as for a labelled field).
 */
const RECORD_HEADING_RE = /^[^\n,:|]{2,60},([^\n,:|]{2,40}):[ \t]*\S/gm;

/** A table header cell that names the record's period. */
const PERIOD_HEADER_RE = /^(?:period|time ?period|time ?frame)$/i;
/** What both a period field's name and a period column's header hold. */
const PERIOD_WORD_RE = /period|time ?frame/i;

/**
 * The period column of a table written with `|` between cells (a record printed as a table): the
 * cells under a header cell named "period", in rows with as many cells as the header.
 */
function tablePeriods(text: string): string[] {
  const out: string[] = [];
  let column = -1;
  let width = 0;
  for (const line of text.split("\n")) {
    if (!line.includes("|")) {
      column = -1;
      continue;
    }
    const cells = line.split("|").map((c) => c.trim());
    if (column < 0) {
      column = cells.findIndex((c) => PERIOD_HEADER_RE.test(c));
      width = cells.length;
    } else if (cells.length === width) {
      out.push(cells[column]);
      if (out.length >= MAX_FIELDS) break;
    }
  }
  return out;
}

/** Whether the text states one of these years (four digits, as a whole number). */
export function mentionsYear(text: string, years: ReadonlySet<string>): boolean {
  if (years.size === 0) return false;
  for (const m of allMatches(YEARS_RE, text.slice(0, MAX_TEXT))) if (years.has(m[0])) return true;
  return false;
}
