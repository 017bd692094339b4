/**
 * Typed values beyond a bare number, read from the start of a short phrase: a yes/no answer, a
 * boolean, an option letter, a number, a list of names, a name (capitalised words), or, for values
 * a tool gives under a label, a short lowercase word ("pending"). Used on both sides of a check:
 * what a program or tool printed, and what an agent says it printed or answers.
 * Comparison is lenient on purpose, because a paraphrase is not a contradiction: numbers agree
 * within rounding (0.5 %, fewer decimals, percent scaling), names when one holds the other's words or
 * is its initials, and a list or a name picked from a list when each item it names is in the other.
 */
import { normalizeNumber } from "../text-features";
import { trimEndChars } from "../../text/linear-text";
import { allMatches } from "../all-matches";

export type ValueKind = "yesno" | "bool" | "option" | "number" | "name" | "list" | "word";

export interface StatedValue {
  kind: ValueKind;
  /** Normalized, prefixed by kind ("y:no", "b:true", "o:c", "n:4145", "e:rockhopper penguin", "l:a|b", "w:pending"). */
  value: string;
  /** The value as written. */
  raw: string;
  /** Characters of the phrase the value spans (from the phrase's start, leading marks included). */
  length: number;
  num?: number;
  decimals?: number;
  percent?: boolean;
  /** Distinctive lowercase words (names, words) or items (lists). */
  words?: string[];
}

/** A value is read from at most this many characters of one line. */
export const MAX_PHRASE = 80;

/** Markdown, quotes and brackets before a value, and a leading article or adverb ("the", "now"). */
const LEAD_WORD = /the|a|an|now|currently|still|already|actually|indeed|just|simply|exactly/;
const LEAD_RE = new RegExp(`^[\\s*_\`"'“”‘’([]*(?:(?:${LEAD_WORD.source})\\s+)?[*_\`"'“”‘’([]*`, "i");
const YESNO_RE = /^(yes|no)(?=[.,;:!)*`"'’”\]]|\s*$)/i;
const BOOL_RE = /^(true|false)(?![\w-])/i;
const OPTION_RE =
  /^(?:(?:option|choice)\s+\(?([A-H])\)?(?![\w])|\(([A-H])\)|([A-H])(?:[.)]{1,2}|\s*$)(?=[\s,;:!?"'}\]]|$))/;
const NUMBER_RE = /^([-−]?)\$?(\d[\d,]*(?:\.\d+)?)(\s*%|\s*percent\b)?(?![\w-]|[./:]\d)/i;
/** A word, or an ampersand standing alone between two words of a name ("Clover & Sons"). */
const WORD_RE = /[\p{L}\d][\p{L}\d'&.-]*|&(?= )/gu;
const LIST_LITERAL_RE = /^\[\s*(['"][^'"\n]{1,60}['"]\s*(?:,\s*['"][^'"\n]{1,60}['"]\s*){0,30})\]\s*$/;

/** Words inside a name that are not capitalised ("Bank of England", "Leonardo da Vinci"). */
const CONNECTORS = new Set(["of", "the", "de", "da", "del", "della", "von", "van", "and", "&", "la", "le", "du", "y"]);
/** Capitalised words that open sentences or name no thing: never a name by themselves. */
const NOT_NAMES = new Set(
  (
    "none null nan n/a unknown error timeout not it its this that these those there here we i you he she they our " +
    "my your yes no true false done success ok okay empty nothing all both each every some any one also however " +
    "based since so then therefore thus let please note if when what which who how why as in on at for to from by " +
    "with after before according"
  ).split(" "),
);
/** Words that cannot open a short labelled value ("the name is on the order"). */
const FUNCTION_WORDS = new Set(
  (
    "on in at of to for with by from as not also that this what which how where there here being been be is are " +
    "was were very quite correct wrong right unknown available"
  ).split(" "),
);

/** A word without case, final punctuation or plural/possessive ending. */
export function stem(word: string): string {
  let w = trimEndChars(word.toLowerCase(), ".'’&-");
  if (w.endsWith("'s") || w.endsWith("’s")) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w;
}

/** The stemmed words of a text (as names are split), for "does any source hold this name". */
export function wordsOf(text: string): string[] {
  return rawWordsOf(text).map(stem);
}

/** The words of a text as written (see `wordsOf`). */
export function rawWordsOf(text: string): string[] {
  return text.match(WORD_RE) ?? [];
}

/** The leading name of a phrase: capitalised words, with connectors between them; "" when none. */
function leadingName(phrase: string): { raw: string; words: string[] } | null {
  const words: string[] = [];
  let end = 0;
  // Where the last word read ends, connectors included: "Bank of America" has no gap after "of".
  let readTo = 0;
  let pending = 0;
  let sentenceEnded = false;
  for (const m of allMatches(WORD_RE, phrase)) {
    const w = m[0] === "&" ? "&" : trimEndChars(m[0], ".'’&-");
    if (!words.length && m.index! > 0) return null; // a name opens the phrase
    if (m.index! > readTo + 2 && words.length) break; // a gap of punctuation ends the name
    readTo = m.index! + w.length;
    // A full stop after a word longer than an abbreviation ("St.", "Dr.", "J.") ends the sentence, and the name.
    if (sentenceEnded) break;
    sentenceEnded = m[0].endsWith(".") && w.length > 3;
    const capital = /^\p{Lu}/u.test(w);
    if (!capital && !(words.length && CONNECTORS.has(w.toLowerCase()))) break;
    if (!capital) {
      pending++;
      if (pending > 2) break;
      continue;
    }
    if (!words.length && (NOT_NAMES.has(w.toLowerCase()) || w.length < 2)) return null;
    pending = 0;
    words.push(w);
    end = m.index! + w.length;
    if (words.length >= 6) break;
  }
  if (!words.length) return null;
  return { raw: phrase.slice(0, end), words: words.map(stem) };
}

function numberValue(m: RegExpExecArray, lead: number): StatedValue | null {
  const norm = normalizeNumber(m[2]);
  const num = Number(norm) * (m[1] ? -1 : 1);
  if (!Number.isFinite(num)) return null;
  const decimals = m[2].includes(".") ? m[2].length - m[2].indexOf(".") - 1 : 0;
  return {
    kind: "number",
    value: `n:${normalizeNumber(String(num))}`,
    raw: m[0].trim(),
    length: lead + m[0].length,
    num,
    decimals,
    percent: Boolean(m[3]),
  };
}

function listValue(phrase: string): StatedValue | null {
  const m = LIST_LITERAL_RE.exec(phrase.trim());
  if (!m) return null;
  const items = [...allMatches(/['"]([^'"\n]{1,60})['"]/g, m[1])].map((x) => x[1].trim().toLowerCase()).filter(Boolean);
  if (items.length < 2) return null;
  return { kind: "list", value: `l:${items.join("|")}`, raw: phrase.trim(), length: phrase.length, words: items };
}

/**
 * The typed value a phrase opens with, or null. `words` also allows a short lowercase word (a
 * value a tool gives under a label: "pending"); a lone lowercase word in prose is not a value.
 */
export function readValue(text: string, allowWords = false): StatedValue | null {
  const phrase = text.slice(0, MAX_PHRASE).split("\n", 1)[0];
  const list = listValue(phrase);
  if (list) return list;
  const lead = LEAD_RE.exec(phrase)?.[0].length ?? 0;
  const rest = phrase.slice(lead);
  let m = YESNO_RE.exec(rest);
  if (m) return { kind: "yesno", value: `y:${m[1].toLowerCase()}`, raw: m[1], length: lead + m[1].length };
  if ((m = BOOL_RE.exec(rest)))
    return { kind: "bool", value: `b:${m[1].toLowerCase()}`, raw: m[1], length: lead + m[1].length };
  if ((m = OPTION_RE.exec(rest))) {
    const letter = m[1] ?? m[2] ?? m[3];
    return { kind: "option", value: `o:${letter.toLowerCase()}`, raw: m[0].trim(), length: lead + m[0].length };
  }
  if ((m = NUMBER_RE.exec(rest))) return numberValue(m, lead);
  const name = leadingName(rest);
  if (name) {
    const words = name.words.filter((w) => !CONNECTORS.has(w));
    if (!words.length) return null;
    // The value reads as written (lowercase, like an extracted entity); the stems are for comparing.
    const value = `e:${name.raw.toLowerCase().replace(/\s+/g, " ")}`;
    return { kind: "name", value, raw: name.raw, length: lead + name.raw.length, words };
  }
  if (!allowWords) return null;
  const word = /^([a-z][a-z-]{2,30})(?:\s+([a-z][a-z-]{2,30}))?(?=\s*(?:[.,;:!)"'\]}]|$))/.exec(rest);
  if (!word || FUNCTION_WORDS.has(word[1])) return null;
  const words = [word[1], word[2]].filter((w): w is string => Boolean(w)).map(stem);
  return { kind: "word", value: `w:${words.join(" ")}`, raw: word[0], length: lead + word[0].length, words };
}

/** Words a short phrase may hold at most to be one value, not a sentence. */
const MAX_PHRASE_WORDS = 4;

/**
 * A short phrase of any case as one value (kind "word"), for text that words heading an answer have
 * already marked as a value ("My position: narrowband filter"): up to MAX_PHRASE_WORDS words before a
 * comma, dash, bracket or the end, not opening with a word that starts a clause ("we should …").
 */
export function phraseValue(text: string): StatedValue | null {
  const phrase = text.slice(0, MAX_PHRASE).split(/[\n,;:(—–]|\s-\s/, 1)[0];
  const raw = trimEndChars(phrase.trim(), ".!?'\"”’*_`");
  const words = rawWordsOf(raw);
  if (!words.length || words.length > MAX_PHRASE_WORDS || words.join(" ").length < raw.length - words.length * 2)
    return null;
  const first = words[0].toLowerCase();
  if (FUNCTION_WORDS.has(first) || NOT_NAMES.has(first)) return null;
  const stems = words.map(stem).filter((w) => !CONNECTORS.has(w));
  if (!stems.length) return null;
  return { kind: "word", value: `w:${stems.join(" ")}`, raw, length: text.indexOf(raw) + raw.length, words: stems };
}

/** Up to four words, one space apart, and a capital among them: a name however its words are cased. */
const MIXED_CASE_NAME_RE = /^(?=[^\n]*\p{Lu})[\p{L}\d][\p{L}\d'’.&-]*(?: [\p{L}\d][\p{L}\d'’.&-]*){0,3}$/u;

/**
 * A delimited phrase (a field's value, the words before a reply's dash) as one name when it is a name
 * cased any way ("narrowband H-alpha", "Sloan ugriz") and no clause; null otherwise.
 */
export function wholeName(phrase: string): StatedValue | null {
  if (!MIXED_CASE_NAME_RE.test(phrase)) return null;
  // A verb or a preposition makes it a clause ("Paris is right"), not a name; "of" and "the" join names.
  if (
    phrase
      .toLowerCase()
      .split(" ")
      .some((w) => FUNCTION_WORDS.has(w) && !CONNECTORS.has(w))
  )
    return null;
  const value = phraseValue(phrase);
  return value && { ...value, kind: "name", value: `e:${value.raw.toLowerCase().replace(/\s+/g, " ")}` };
}

/** Whether b equals a written with fewer decimals, or a differs from b by rounding only. */
function sameNumber(a: StatedValue, b: StatedValue): boolean {
  let x = a.num!;
  let y = b.num!;
  if (a.percent !== b.percent) {
    if (a.percent) x /= 100;
    else y /= 100;
  }
  if (x === y) return true;
  const scale = Math.max(Math.abs(x), Math.abs(y));
  if (Math.abs(x - y) <= 0.005 * scale) return true;
  const rounds = (p: number, q: number, d: number) => Math.abs(Number(p.toFixed(Math.min(d, 12))) - q) < 1e-9;
  return rounds(x, y, b.decimals ?? 0) || rounds(y, x, a.decimals ?? 0);
}

const shareWord = (a: string[], b: string[]) => a.some((w) => b.includes(w));

/** "NYC" for "New York City", "U.S." for "United States": one value written as the other's initials. */
function acronymOf(short: StatedValue, long: StatedValue): boolean {
  const letters = short.raw.replace(/\./g, "");
  if (!/^\p{Lu}{2,8}$/u.test(letters) || long.words!.length < 2) return false;
  return long.words!.map((w) => w[0]).join("") === letters.toLowerCase();
}

/**
 * Two names (or labelled words) agree when one's words hold the other's ("Rockhopper penguins" and
 * "Rockhopper Penguin", "Paris" and "Paris, France"), or when a longer name shares a word with the
 * other (a paraphrase of a long name). Two short names that share only one word and differ in the
 * other name different things ("Emperor Penguin", "Rockhopper Penguin").
 */
function sameName(a: string[], b: string[]): boolean {
  if (a.every((w) => b.includes(w)) || b.every((w) => a.includes(w))) return true;
  return shareWord(a, b) && Math.max(a.length, b.length) >= 3;
}

/**
 * "same", "differ", or "incomparable" (different kinds: a number against a name says nothing).
 * A name and a word compare by their words, as do two lists item by item (every item of `claim`
 * must match an item of `source`; a selection of some items is no contradiction).
 */
/** A yes/no or true/false value as true or false; null for any other kind. */
function polarOf(v: StatedValue): boolean | null {
  if (v.kind === "yesno") return v.value === "y:yes";
  if (v.kind === "bool") return v.value === "b:true";
  return null;
}

export function compareValues(claim: StatedValue, source: StatedValue): "same" | "differ" | "incomparable" {
  const wordy = (k: ValueKind) => k === "name" || k === "word";
  // A name picked from a printed list: it agrees when the list holds it (a selection is no contradiction).
  if (claim.kind === "name" && source.kind === "list") {
    const items = source.words!.map((i) => i.split(/\s+/).map(stem));
    return items.some((i) => shareWord(claim.words!, i)) ? "same" : "differ";
  }
  // A yes or no answers a true/false field ("organic": false is a no).
  const polar = polarOf(claim);
  if (polar !== null && claim.kind !== source.kind) {
    const other = polarOf(source);
    if (other !== null) return polar === other ? "same" : "differ";
  }
  if (claim.kind !== source.kind && !(wordy(claim.kind) && wordy(source.kind))) return "incomparable";
  if (claim.kind === "number") return sameNumber(claim, source) ? "same" : "differ";
  if (claim.kind === "list") {
    const src = source.words!.map((i) => i.split(/\s+/).map(stem));
    const ok = claim.words!.every((i) => src.some((s) => shareWord(i.split(/\s+/).map(stem), s)));
    return ok ? "same" : "differ";
  }
  if (claim.words && source.words)
    return sameName(claim.words, source.words) || acronymOf(claim, source) || acronymOf(source, claim)
      ? "same"
      : "differ";
  return claim.value === source.value ? "same" : "differ";
}
