/**
 * Contradiction with an established fact: a tool output states "key: 42" (or "key = 42", "key is
 * 42", or a JSON field `"key": 42` / `"key": "silver"`), and a later agent message states the same
 * key with a different number, or a later state write stores a different value under that key.
 * Contradicting a tool result is an error of its own, never a mere symptom of corrupted input.
 */
import type { Detector, DetectorHit } from "./types";
import { isAgentUtterance, isToolOutput } from "./patterns";
import { commaDecimalNumbers, normalizeNumber, stripCode } from "../text-features";
import { stepText } from "../build-graph";
import { allMatches } from "../all-matches";

const NUMBER_RE = /-?\d[\d,]*(?:\.\d+)?/g;
/** Anchored at the end of the 60 characters before a number: "<key> is|was|are|equals|:|= [$]". */
const KEY_BEFORE_RE = /([A-Za-z][A-Za-z _-]{2,40}?)\s*(?::|=|\bis|\bwas|\bare|\bequals)\s*\$?$/;
/** JSON-style string fields: `"tier": "silver"`. */
const JSON_STRING_RE = /"([A-Za-z_][\w .-]{0,40})"\s*:\s*"([^"\n]{1,60})"/g;

const SEPARATORS = [":", "=", "is", "was", "are", "equals"];
/**
 * Whether `before` ends as KEY_BEFORE_RE requires: a separator, then spaces and an optional "$".
 * A necessary condition checked in constant time: most numbers follow no separator, and the
 * regex, anchored only at the end, would otherwise try every start in the window (backtracking).
 */
function endsWithSeparator(text: string, from: number, at: number): boolean {
  // Read back in place over text[from, at) (a "$", then spaces, as trimEnd drops them): no copy per number.
  let end = at;
  if (end > from && text[end - 1] === "$") end--;
  while (end > from && SPACE_RE.test(text[end - 1])) end--;
  return SEPARATORS.some((sep) => end - sep.length >= from && text.startsWith(sep, end - sep.length));
}
const SPACE_RE = /\s/;

/** "key: 42" style facts. Numbers are found first and the key is read just before each, which keeps the scan linear. */
function* facts(text: string): Generator<[string, string, number]> {
  for (const m of allMatches(NUMBER_RE, text)) {
    const at = m.index ?? 0;
    if (at > 0 && /[\w.]/.test(text[at - 1])) continue;
    const from = Math.max(0, at - 60);
    if (!endsWithSeparator(text, from, at)) continue;
    const key = KEY_BEFORE_RE.exec(text.slice(from, at));
    if (key) yield [key[1], m[0], at];
  }
}

/** Outputs remembered per observed value; a value shown by more counts as another entity's (conservative). */
const MAX_SHOWN_AT = 8;
/** Quotes checked per run for the entity they name; past them a quote counts as another entity's (conservative). */
const MAX_QUOTE_CHECKS = 256;
/** Characters of a line read back from a number for the names it is stated for. */
const MAX_LINE = 200;
const NAME_RE = /\p{Lu}[\p{L}'’-]{2,}/gu;
/** Characters of a message read for the names it says, and the most names remembered per run. */
const MAX_HEARD_CHARS = 20_000;
const MAX_HEARD = 4_000;

/** The capitalised words of the line before `at`, its first word aside (a sentence opens capitalised). */
function namesBefore(text: string, at: number): string[] {
  const line = text.slice(Math.max(at - MAX_LINE, text.lastIndexOf("\n", at - 1) + 1), at);
  const first = line.length - line.trimStart().length;
  return [...allMatches(NAME_RE, line)].filter((m) => m.index !== first).map((m) => m[0]);
}

const words = (raw: string) =>
  raw
    .toLowerCase()
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
/** Keys are compared by their last two words, lowercased. */
function keyOf(raw: string): string {
  return words(raw).slice(-2).join(" ");
}
/** Normalized value: numbers canonical, strings lowercased. */
const valueOf = (raw: string) =>
  /^-?\d[\d,]*(?:\.\d+)?$/.test(raw.trim()) ? normalizeNumber(raw.trim()) : raw.trim().toLowerCase();

/**
 * A restatement that contradicts its source differs from it by a slip (a digit, a row, a rounding),
 * not by orders of magnitude: "5 days: $680" after a tool's "days: 5" shares a label, not a
 * quantity. The same bound as the claim-level misquote check (claims/claim-findings.ts).
 */
function sameMagnitude(a: string, b: string): boolean {
  const x = Math.abs(Number(a));
  const y = Math.abs(Number(b));
  if (!(x > 0 && y > 0)) return true;
  return Math.max(x, y) / Math.min(x, y) <= MAX_SLIP_RATIO;
}
const MAX_SLIP_RATIO = 2;

interface Fact {
  value: string;
  step: number;
}

/** One value of a key in one output: a second, different value leaves the key with none (null). */
function learn(local: Map<string, string | null>, key: string, value: string): void {
  const had = local.get(key);
  local.set(key, had === undefined || had === value ? value : null);
}

/**
 * The facts one tool output establishes. A key it gives several different values (a list of search
 * hits, each with its own "score: …") establishes none of them: it names no single value a later
 * message could contradict, and the key's earlier fact is superseded.
 */
function learnFacts(known: Map<string, Fact>, text: string, step: number): void {
  const local = new Map<string, string | null>();
  for (const [key, value] of facts(text)) learn(local, keyOf(key), normalizeNumber(value));
  for (const m of allMatches(JSON_STRING_RE, text)) {
    const value = valueOf(m[2]);
    learn(local, keyOf(m[1]), value);
    const last = words(m[1]).slice(-1)[0];
    if (last) learn(local, last, value);
  }
  for (const [key, value] of local)
    if (value === null) known.delete(key);
    else known.set(key, { value, step });
}

export const detectContradiction: Detector = ({ g }) => {
  const hits: DetectorHit[] = [];
  const known = new Map<string, Fact>();
  const hit = (i: number, key: string, value: string, fact: Fact) =>
    hits.push({
      step: i,
      name: "contradiction",
      score: 0.7,
      mast: "FM-2.6 reasoning-action mismatch",
      evidence: {
        stepIds: [g.steps[i].id, g.steps[fact.step].id],
        note: `says "${key}" is ${value}, but tool output ${g.steps[fact.step].id} established ${fact.value}`,
      },
    });
  const textOf = (i: number) => stripCode(stepText(g.steps[i])).slice(0, 8000);
  // Every number a tool output has shown, with the first outputs that showed it: an agent quoting one of
  // them (another entity's figure under the same label, a JSON field the key reader does not see)
  // restates an observation, never contradicts one, unless it names another entity (below).
  const shownAt = new Map<string, number[]>();
  // The names each output holds, read when a quote asks: a quote names what it is about.
  const namesIn = new Map<number, Set<string>>();
  const outputNames = (u: number) => {
    let names = namesIn.get(u);
    if (!names) namesIn.set(u, (names = new Set(textOf(u).match(NAME_RE))));
    return names;
  };
  let checks = 0;
  // The names said in the run's messages so far (a person's, a site's), by anyone: a line that states
  // a figure for a name only a message gave, and that the fact's own output does not hold, speaks of
  // another entity than the one the output described.
  const heard = new Set<string>();
  const hear = (text: string) => {
    for (const m of allMatches(NAME_RE, text.slice(0, MAX_HEARD_CHARS))) if (heard.size < MAX_HEARD) heard.add(m[0]);
  };
  /**
   * "Ana Ruiz (DOB 1961-03-09), Tobias Rane (DOB 1999-08-21)" after a lookup of Ana's record
   * alone: the second date is Tobias's, whom the user named, not a contradiction of Ana's.
   */
  const statedForAnother = (text: string, at: number, key: string, factStep: number) => {
    const label = keyOf(key).split(" ");
    const names = namesBefore(text, at).filter((n) => !label.includes(n.toLowerCase()));
    if (names.length === 0) return false;
    const own = outputNames(factStep);
    return names.every((n) => !own.has(n)) && names.some((n) => heard.has(n));
  };
  /**
   * A figure another lookup showed is a restatement, unless the line states it for a name that the
   * established fact's own output holds and no output showing the figure does ("Mount Hale — median
   * seeing: 0.81" after Mount Hale's lookup gave 0.59 and Vossberg's 0.81): another entity's figure.
   */
  const restatesAnOutput = (text: string, at: number, key: string, value: string, factStep: number) => {
    const shown = shownAt.get(value);
    if (!shown || shown.length >= MAX_SHOWN_AT || ++checks > MAX_QUOTE_CHECKS) return true;
    const own = outputNames(factStep);
    // The label's own words, capitalised as a heading writes them ("Net Freight Charge"), name no entity.
    const label = keyOf(key).split(" ");
    const names = namesBefore(text, at).filter((n) => own.has(n) && !label.includes(n.toLowerCase()));
    return !names.some((n) => shown.every((u) => !outputNames(u).has(n)));
  };
  for (let i = 0; i < g.n; i++) {
    const text = textOf(i);
    if (isToolOutput(g, i)) {
      learnFacts(known, text, i);
      const show = (value: string) => {
        const list = shownAt.get(value) ?? [];
        if (list.length < MAX_SHOWN_AT && list[list.length - 1] !== i) list.push(i);
        shownAt.set(value, list);
      };
      for (const m of allMatches(NUMBER_RE, text)) show(normalizeNumber(m[0]));
      // An amount written with a decimal comma ("$ 7 318,46") shows 7318.46 too (ADR 0094).
      for (const x of commaDecimalNumbers(text)) show(x);
      continue;
    }
    if (!isAgentUtterance(g, i)) {
      hear(text);
      continue;
    }
    const state = g.steps[i].state;
    if (state?.op === "write" && state.value !== undefined) {
      const fact = known.get(keyOf(state.key)) ?? known.get(words(state.key).slice(-1)[0] ?? "");
      const value = valueOf(state.value);
      // A stored number some tool output showed restates that output, as a message quoting it does.
      if (fact && fact.value !== value && /\d/.test(fact.value) === /\d/.test(value) && !shownAt.has(value)) {
        hit(i, state.key, value, fact);
        continue;
      }
    }
    for (const [key, raw, at] of facts(text)) {
      const fact = known.get(keyOf(key));
      const value = normalizeNumber(raw);
      if (!fact || fact.value === value || !/^-?[\d.]+$/.test(fact.value)) continue;
      if (shownAt.has(value) && restatesAnOutput(text, at, key, value, fact.step)) continue;
      if (!sameMagnitude(fact.value, value)) continue;
      if (statedForAnother(text, at, key, fact.step)) continue;
      hit(i, keyOf(key), value, fact);
      break;
    }
  }
  return hits;
};
