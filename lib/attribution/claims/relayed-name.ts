/**
 * A name changed in a relayed sentence: the step repeats a sentence of a text it read word for word,
 * but with another name in one place ("he joined the Harbour Guard. This unit …" relayed as "he
 * joined Ivo Brandt. This unit …"). A relay that changes a value is where the value changed, whoever
 * carries it on (the four-word lead-in and the two words after are the same on both sides, so the
 * step says the same thing about something else). A number changed so is read the same way when the
 * caller asks for figures: a sentence restated with its figure changed is no computation, even when one
 * operation on the numbers at hand happens to make the new figure.
 * Only when the step's name appears nowhere in the text it read and the step does not also give the
 * text's name. Bounded: the first MAX_SCAN characters of each side are compared and MAX_HELD of the
 * read text searched for the name, for at most MAX_NAMES names of the step.
 */
import { compareValues, readValue, type StatedValue } from "./stated-values";
import { allMatches } from "../all-matches";

export interface RelayedName {
  said: StatedValue;
  source: StatedValue;
  /** The step's words from its lead-in to its name's end. */
  start: number;
  end: number;
}

const MAX_SCAN = 8_000;
const MAX_NAMES = 48;
/** Places of one lead-in in a read text compared with the step. */
const MAX_PLACES = 64;
/** Characters of the read text searched for the step's name. */
const MAX_HELD = 100_000;
/** Words of the same lead-in on both sides, and after the name. */
const LEAD_WORDS = 4;
const TAIL_WORDS = 2;
/** The shortest text holding a name with LEAD_WORDS words before it and TAIL_WORDS after it. */
const MIN_COMPARABLE_CHARS = 2 * (LEAD_WORDS + 1 + TAIL_WORDS) - 1;
const WORD_RE = /[\p{L}\d][\p{L}\d'’-]*/gu;
/**
 * A capitalised word not at a sentence's start: where a name may stand in a sentence. The capital is
 * matched first and what precedes it checked after, so a text without capitals costs one pass.
 */
const NAME_START_RE = /\p{Lu}(?<=[\p{Ll}\d,;][ \t]{1,3}["“‘']?\p{Lu})/gu;
/** A figure's first digit, not inside a word or another figure: where a number may stand in a sentence. */
const FIGURE_START_RE = /(?<![\p{L}\d.,])\d/gu;

interface Word {
  text: string;
  start: number;
}

const wordsIn = (text: string): Word[] =>
  Array.from(allMatches(WORD_RE, text), (m) => ({ text: m[0].toLowerCase(), start: m.index }));

/** The index of the first word starting at or after `at`. */
function wordAt(words: Word[], at: number): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid].start < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const sameWords = (a: Word[], i: number, b: Word[], j: number, count: number): boolean => {
  if (i < 0 || j < 0 || i + count > a.length || j + count > b.length) return false;
  for (let k = 0; k < count; k++) if (a[i + k].text !== b[j + k].text) return false;
  return true;
};

/**
 * A text read by a step, prepared once for every step that may relay it. Its words and lowercase
 * copy are read on first use: most steps hold no name to look up in what they read.
 */
export class ReadText {
  readonly text: string;
  private readonly read: string;
  private held?: string;
  private split?: Word[];
  /** Where each pair of words ends, built on first use. */
  at?: Map<string, number[]>;
  constructor(read: string) {
    this.read = read;
    this.text = read.length > MAX_SCAN ? read.slice(0, MAX_SCAN) : read;
  }
  /** Its first MAX_HELD characters, lowercased: a name held there may be the one meant. */
  get lower(): string {
    this.held ??= (this.read.length > MAX_HELD ? this.read.slice(0, MAX_HELD) : this.read).toLowerCase();
    return this.held;
  }
  get words(): Word[] {
    this.split ??= wordsIn(this.text);
    return this.split;
  }
}

export function readText(read: string): ReadText {
  return new ReadText(read);
}

/** Two words as one key: a lead-in is looked up by its last two words, which few places share. */
const pair = (a: Word, b: Word) => `${a.text} ${b.text}`;

function positions(read: ReadText): Map<string, number[]> {
  if (read.at) return read.at;
  const at = new Map<string, number[]>();
  const words = read.words;
  for (let i = 1; i < words.length; i++) {
    const key = pair(words[i - 1], words[i]);
    const list = at.get(key);
    if (list) list.push(i);
    else at.set(key, [i]);
  }
  read.at = at;
  return at;
}

/** A step's text with the names inside its sentences that have words around them to compare; null when it has none (most steps). */
export interface StepNames {
  text: string;
  lower: string;
  words: Word[];
  names: { at: number; name: StatedValue }[];
}

/** Whether a global pattern matches anywhere in the text (its position left at 0). */
function mayStart(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  const found = re.test(text);
  re.lastIndex = 0;
  return found;
}

/** The names (or figures) of `kind` read where `re` says one may start, up to MAX_NAMES in all. */
function collectNames(
  re: RegExp,
  kind: StatedValue["kind"],
  text: string,
  names: { at: number; name: StatedValue }[],
): void {
  for (const m of allMatches(re, text)) {
    if (names.length >= MAX_NAMES) break;
    const value = readValue(text.slice(m.index, m.index + 80));
    if (value?.kind === kind) names.push({ at: m.index, name: value });
  }
}

/**
 * `figures`: the step's numbers too, each compared with the number the read text gives in its place. A
 * number the read text holds anywhere is not read as changed, so a small count, which most texts hold
 * somewhere, rarely is.
 */
export function stepNames(step: string, figures = false): StepNames | null {
  // A name with its lead-in and tail words is seven words at least, each set off by a character: 13.
  if (step.length < MIN_COMPARABLE_CHARS) return null;
  const text = step.length > MAX_SCAN ? step.slice(0, MAX_SCAN) : step;
  // Most steps have no name to place: none is collected (no list, no scan state) unless one may start.
  const mayName = mayStart(NAME_START_RE, text);
  const mayFigure = figures && mayStart(FIGURE_START_RE, text);
  if (!mayName && !mayFigure) return null;
  const names: { at: number; name: StatedValue }[] = [];
  if (mayName) collectNames(NAME_START_RE, "name", text, names);
  if (mayFigure) collectNames(FIGURE_START_RE, "number", text, names);
  if (!names.length) return null;
  // Only a name with its lead-in words before it and its tail words after it can be compared
  // (`relayedNameIn`): a step of a few words ("57") has none, and nothing it read is prepared.
  const words = wordsIn(text);
  const placed = names.filter(({ at, name }) => comparable(words, at, name));
  return placed.length ? { text, lower: text.toLowerCase(), words, names: placed } : null;
}

/** Whether the name at `at` has LEAD_WORDS words before it and TAIL_WORDS after it. */
function comparable(words: Word[], at: number, name: StatedValue): boolean {
  return wordAt(words, at) >= LEAD_WORDS && wordAt(words, at + name.raw.length) + TAIL_WORDS <= words.length;
}

/** The first name of the step that a sentence of the read text gives differently in the same words; null when none. */
export function relayedNameIn(step: StepNames, read: ReadText): RelayedName | null {
  const heard = read.words;
  for (const { at, name } of step.names) {
    const first = wordAt(step.words, at);
    const after = wordAt(step.words, at + name.raw.length);
    const places = positions(read).get(pair(step.words[first - 2], step.words[first - 1])) ?? [];
    // Bounds the work on a text that repeats one lead-in over and over (a list, a template, hostile input).
    for (const j of places.length > MAX_PLACES ? places.slice(0, MAX_PLACES) : places) {
      if (j + 1 >= heard.length || !sameWords(step.words, first - LEAD_WORDS, heard, j + 1 - LEAD_WORDS, LEAD_WORDS))
        continue;
      const from = heard[j + 1].start;
      const source = readValue(read.text.slice(from, from + 80));
      if (source?.kind !== name.kind || compareValues(name, source) !== "differ") continue;
      if (!sameWords(step.words, after, heard, wordAt(heard, from + source.raw.length), TAIL_WORDS)) continue;
      // Rarely reached: the text holds the step's name, or the step gives the text's name too.
      if (read.lower.includes(name.raw.toLowerCase()) || step.lower.includes(source.raw.toLowerCase())) continue;
      return { said: name, source, start: step.words[first - LEAD_WORDS].start, end: at + name.raw.length };
    }
  }
  return null;
}

/** `relayedNameIn` for two plain texts. */
export function relayedNameChange(step: string, read: string): RelayedName | null {
  const names = stepNames(step);
  return names ? relayedNameIn(names, readText(read)) : null;
}

/**
 * The latest turn of a model call's input, which holds the report or output the call answers: its
 * last MAX_SCAN characters, from a word break.
 */
export function latestTurn(input: string): string {
  if (input.length <= MAX_SCAN) return input;
  const tail = input.slice(input.length - MAX_SCAN);
  const br = tail.search(/\s/);
  return br < 0 ? tail : tail.slice(br + 1);
}
