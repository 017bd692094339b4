/**
 * Where a value could have come from. A number an agent states is grounded when the step could
 * have seen it (task, its own input, a causal ancestor's text) or can compute it with one
 * arithmetic operation from numbers at hand (task, direct inputs, earlier numbers of the same
 * step). With stated edges, "could have seen" means an ancestor over edges, so independent workers
 * (parallel solvers) do not ground each other; with inferred chat edges every earlier step counts.
 */
import type { EngineGraph } from "./build-graph";
import { ancestorWalker, Visit } from "./ancestor-walk";
import { inputWithoutInstructions } from "./input-without-instructions";
import { inputTail } from "./claims/input-tail";
import {
  HAS_DIGIT_RE,
  MAX_SCAN_CHARS,
  NUMBER_RE,
  commaDecimalNumbers,
  decimalPlaces,
  extractNumbers,
  keyedNumbers,
  normalizeNumber,
  numbersOnlyAs,
} from "./text-features";
import { matchesAggregate, requestedAggregate, type RequestedAggregate } from "./requested-aggregate";
import { groupTotals, itemizedTotals, namedConversions } from "./whole-derivations";
import { factorWordNumbers, numberWordValues } from "./claims/number-words";
import { numberDimensions } from "./number-dimensions";
import { stepText, stepTextOnce } from "./build-graph";
import { isToolOutput } from "./detectors/patterns";
import { digitTails, dottedRunHeads, recordNameNumbers, tailHintsOf, timestampYears } from "./claims/at-hand-values";
import { allMatches } from "./all-matches";

/** Ancestor searches stop after this many steps and then assume the value was seen (conservative). */
const ANCESTOR_BUDGET = 4000;
/** Numbers considered as operands of a derivation. */
const MAX_OPERANDS = 120;
/** Steps read back, and tool outputs taken, for the earlier outputs a derivation may draw on. */
const EARLIER_WINDOW = 64;
const EARLIER_OUTPUTS = 4;
/** The least whole value derived from those outputs' numbers. */
const MIN_EARLIER_TARGET = 100;
/** Numbers read at hand for one a value rounds (a single pass, no pairs). */
const MAX_ROUND_READS = 4000;
/** Source steps whose listed groups are totalled for one value. */
const MAX_TOTAL_SOURCES = 16;
/** Sources read for whether a number is written twice; past them it counts as written twice (conservative). */
const MAX_TWICE_SOURCES = 64;

export interface Grounding {
  /** Numbers of the task, always visible. */
  task: Set<string>;
  /** Whether some step before `v` that `v` could have seen states `x` (or the step's own input does). */
  seenBefore(v: number, x: string): boolean;
  /** Whether `x` is one operation (+ − × ÷, percent) away from two numbers at hand at step `v`. */
  derivable(v: number, x: string, ownEarlier: string[]): boolean;
  /**
   * The derivation behind `derivable`: the operands (as number strings) of the first operation that
   * yields `x`, `[]` when `x` answers a calculation the step was asked for, or null.
   */
  derivation(v: number, x: string, ownEarlier: string[]): string[] | null;
  /** The number at hand that `x` rounds, as `derivation` reads it first (one bounded pass), or null. */
  rounding(v: number, x: string, ownEarlier: string[]): string | null;
}

const built = new WeakMap<EngineGraph, Grounding>();

/** Adds a written number to the operand pool while it has room (module functions: no closures per derivation). */
function addOperand(pool: Set<number>, s: string): void {
  const n = Number(s);
  if (Number.isFinite(n) && pool.size < MAX_OPERANDS) pool.add(n);
}

/** Whether y is within `tol` of the target. */
function within(y: number, target: number, tol: number): boolean {
  return Math.abs(y - target) <= tol;
}

/** The grounding of a graph, built once and shared by the detectors and provenance that ask it. */
export function buildGrounding(g: EngineGraph): Grounding {
  let x = built.get(g);
  if (!x) {
    x = makeGrounding(g);
    built.set(g, x);
  }
  return x;
}

/**
 * Numbers a step makes available besides the ones it states: its input's; digits glued to the word
 * before them, as page text scraped from a browser runs together ("posted 4 months ago318 replies");
 * and values written under a record's key (`item_id: 4471`, `tracking_id: 7463`), as a tool's result
 * names its records. Neither is read as a stated value (an id's digits sit the same way, and a key
 * files what follows it), but a later step that quotes "318" or "4471" did see it.
 */
const GLUED_RE = /(?<=[A-Za-z])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d.,]\d)/g;

/**
 * Also the year of a timestamp ("The current time is 2024-05-15 15:00:00", whose digits are no values:
 * claims/identifier-piece.ts), as a plain date's year is a number at hand; and, when `tails`, the last
 * digits of its digit runs (`t:1784` from `gift_card_1591784`), for a number written as an identifier's
 * end ("card ending in 1784", claims/at-hand-values.ts); and the number ending a record's name
 * (`certificate_7504069`, written "certificate 7504069").
 */
function sourceNumbers(
  input: string | undefined,
  stated: readonly string[],
  content: string | undefined,
  tails: boolean,
): Set<string> | null {
  let out = input ? new Set(extractNumbers(input)) : null;
  // A long prompt is read at its head and at its latest turns.
  const tail = inputTail(input);
  if (out && tail) for (const x of extractNumbers(tail)) out.add(x);
  const text = content && content.length > MAX_SCAN_CHARS ? content.slice(0, MAX_SCAN_CHARS) : content;
  // Every reading below is of digits (glued, keyed, comma-decimal, timestamps, records' names, dotted runs, tails).
  if (!text || !HAS_DIGIT_RE.test(text)) return out;
  const add = (raw: string) => {
    const x = normalizeNumber(raw);
    if (!stated.includes(x)) (out ??= new Set()).add(x);
  };
  if (/[A-Za-z]\d/.test(text)) for (const m of allMatches(GLUED_RE, text)) add(m[0]);
  for (const x of keyedNumbers(text)) add(x);
  for (const x of commaDecimalNumbers(text)) add(x);
  timestampYears(text, add);
  recordNameNumbers(text, add);
  dottedRunHeads(text, add);
  if (tails) digitTails(text, (x) => (out ??= new Set()).add(x));
  return out;
}

/** Digits a number needs before a swap of two of them reads as a misquote rather than another value. */
const MIN_SWAP_DIGITS = 4;
/** How near a sum of written numbers must land to count as exact (float error only). */
const EXACT_SUM = 1e-6;

/** Whether b is a with two neighbouring digits swapped ("49645" and "49654", "426.9" and "429.6"). */
export function swapsDigits(a: string, b: string): boolean {
  const x = a.replace(".", "");
  const y = b.replace(".", "");
  if (x.length !== y.length || a.indexOf(".") !== b.indexOf(".")) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  return i + 1 < x.length && x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2) === y.slice(i + 2);
}

/**
 * Whether b is the decimal a with one digit changed ("335641.83" and "335645.83"): a misquote, as a
 * swap is. A one-digit change moves a value by d × 10^k, which a small number at hand (a "period 4")
 * makes up whenever the digit is a low one. Decimals only: a whole number one digit off is as often
 * a count or a year moved on by one (2023 → 2024).
 */
export function changesOneDigit(a: string, b: string): boolean {
  return a.includes(".") && oneDigitApart(a, b);
}

/** Whether a and b, written alike (same length, any point in the same place), differ in one digit. */
function oneDigitApart(a: string, b: string): boolean {
  if (a.length !== b.length || a.indexOf(".") !== b.indexOf(".")) return false;
  let differ = 0;
  for (let i = 0; i < a.length && differ < 2; i++) if (a[i] !== b[i]) differ++;
  return differ === 1;
}

/** A share or a change in percent of two numbers: 630 of 840 is 75 %, 80 → 92 is +15 %. */
function sharesPercent(a: number, b: number, target: number, tol: number): boolean {
  return (
    within((a / b) * 100, target, tol) ||
    within((b / a) * 100, target, tol) ||
    within(((a - b) / b) * 100, target, tol) ||
    within(((b - a) / a) * 100, target, tol)
  );
}

const PERCENT_RE = /(?<![\w.])(-?\d+(?:\.\d+)?)\s?(?:%|percent\b)/g;

/** The numbers a text writes as percentages ("75%", "12.5 percent"), normalized. */
function writtenPercents(text: string | undefined): Set<string> {
  const out = new Set<string>();
  if (!text || !/%|percent/.test(text)) return out;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  for (const m of allMatches(PERCENT_RE, scan)) out.add(normalizeNumber(m[1]));
  return out;
}

/** A power written out: "x²", "x^2", "x**2", "squared", "the square of", "pow(". */
const SQUARE_RE = /²|\^\s*2(?!\d)|\*\*\s*2(?!\d)|\bsquared?\b|\bpow\s*\(/i;
/** A cube written out: "³", "^3", "**3", "cubed". */
const CUBE_RE = /³|\^\s*3(?!\d)|\*\*\s*3(?!\d)|\bcubed?\b/i;
/**
 * A division written out, or words for what one yields: "a / b", "÷", "divided", "per", "each",
 * "average", "mean", "ratio", "rate", "times" ("2.2 times as much"), "fold", "share", "split", "half".
 */
const QUOTIENT_RE =
  /[÷/]|\bdivid|\bper\b|\beach\b|\bevery\b|\baverag|\bmean\b|\bratio|\brates?\b|\btimes\b|fold\b|\bshare|\bsplit|\bquotient|\bproportion|\bfraction|\bhal(?:f|ve)/i;

/**
 * A doubling written out: "twice", "double", "two", "both", "pair", and the same in the other
 * languages runs are written in ("deux", "zwei", "dos", "doble", "doppio"; 两, 二, 双 and 倍, which
 * stand inside words, so with no word boundary).
 */
const DOUBLE_RE =
  /\b(?:twice|doubl(?:e[ds]?|ing)|two|both|pairs?|deux|zwei|doppel\w*|dos|dois|duas|dobro|doble|doppio)\b|[两二双倍]/i;

/**
 * A small whole number that names something after a word for a numbered thing ("period 4", "round 2",
 * "team 7", "page 3") or a status a call returned ("HTTP 503", "status 404", "code 500", "exitcode: 1",
 * "exit_code": 1): a label, not a quantity. With a unit or a percent right after it, or as a
 * decimal's whole part, it is a quantity. The count after it ("page 3 of 3", "step 2 of 5") is the same
 * listing's pagination, a meter of the run as the label is.
 */
const LABEL_NUMBER_RE =
  /\b(?:(?:period|phase|stage|round|step|week|quarter|semester|sprint|iteration|version|team|group|level|tier|page|chapter|section|part|task|trial|batch|lot|zone|sector|floor|room|gate|platform|bay|site|station|plot|grid|table|figure|lane|track|http|status|code|errno)\s+|exit[ _]?(?:code|status)["']?\s*(?:[:=]\s*)?)(\d{1,3})(?![\d]|[.,]\d|\s*(?:%|percent\b)|[a-zA-Zµ°])(?:[^\S\r\n]+of[^\S\r\n]+(\d{1,3})(?![\d]|[.,]\d|\s*(?:%|percent\b)|[a-zA-Zµ°]))?/gi;
/** A text that ends with one of LABEL_NUMBER_RE's words and spaces: the number written next is a label. Literals both, so the regex-literal suite times them. */
export const NUMBERED_THING_BEFORE_RE =
  /\b(?:(?:period|phase|stage|round|step|week|quarter|semester|sprint|iteration|version|team|group|level|tier|page|chapter|section|part|task|trial|batch|lot|zone|sector|floor|room|gate|platform|bay|site|station|plot|grid|table|figure|lane|track|http|status|code|errno)[^\S\r\n]+|exit[ _]?(?:code|status)["']?[^\S\r\n]*(?:[:=][^\S\r\n]*)?)$/i;

/**
 * The numbers a text writes only as labels: each of their occurrences follows a word for a numbered
 * thing. Such a number is no operand of a derivation: "period 4" doubled is no 8.00 mm.
 */
export function labelOnlyNumbers(text: string | undefined): Set<string> {
  const out = new Set<string>();
  if (!text || !/\d/.test(text)) return out;
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const labels = new Map<string, number>();
  for (const m of allMatches(LABEL_NUMBER_RE, scan))
    for (const x of m[2] === undefined ? [m[1]] : [m[1], m[2]]) labels.set(x, (labels.get(x) ?? 0) + 1);
  if (!labels.size) return out;
  for (const [x, n] of labels) {
    const all = scan.match(new RegExp(`(?<![\\w.,])${x}(?![\\w.,]\\d|\\d)`, "g"))?.length ?? 0;
    if (all === n) out.add(x);
  }
  return out;
}

/** A year written as a period: a word for one before it ("fiscal 2024", "in 2023") or after it ("the 2024 season"). */
const YEAR_BEFORE_RE = /\b(?:fiscal|fy|year|in|during|since|until|for|of|from|the)\s+$/i;
const YEAR_AFTER_RE =
  /^\s+(?:season|campaign|harvest|picking|fiscal|financial|calendar|school|academic|year|quarter|half|census|cohort|edition|vintage|budget|crop|intake|summer|winter|spring|autumn|fall)\b/i;

/**
 * The numbers a text writes only as years, each one naming a period ("fiscal 2024", "the 2024
 * campaign"): a label of time. Such a number is an operand only of a value that is itself a year or a
 * span of years (2024 − 2019 = 5): 2,024 × 55.30 is no cost, and 7,794 + 2,024 no count of frames.
 */
export function yearOnlyNumbers(text: string | undefined): Set<string> {
  return numbersWrittenOnlyAs(text, /\b(?:19|20)\d\d\b/, (scan, start, end) => {
    const n = Number(scan.slice(start, end));
    return (
      end - start === 4 &&
      n >= 1900 &&
      n <= 2099 &&
      (YEAR_BEFORE_RE.test(scan.slice(Math.max(0, start - 12), start)) || YEAR_AFTER_RE.test(scan.slice(end, end + 16)))
    );
  });
}

/** Milliseconds right after a number ("214ms", "412 ms", "58 milliseconds"). */
const MILLISECONDS_AFTER_RE = /^\s?(?:ms|milliseconds?)\b/i;
/** A number written in milliseconds anywhere in a text. */
const MILLISECONDS_RE = /\d\s?(?:ms|milliseconds?)\b/i;

/** Milliseconds named in a text, with a number or without ("412 ms", "214ms", "in milliseconds", "p95 in ms"). */
const NAMES_MILLISECONDS_RE = /(?:\b|\d)(?:ms|milliseconds?)\b/i;

/** Whether a text (its first MAX_SCAN_CHARS) names milliseconds. */
export const namesMilliseconds = (text: string | undefined): boolean =>
  NAMES_MILLISECONDS_RE.test((text ?? "").slice(0, MAX_SCAN_CHARS));

/**
 * The numbers a text writes only as milliseconds ("built in 214ms", "query took 412 ms"): how long the
 * system's own work took, a meter of the run like a token count, no quantity of the task. Such a
 * number is an operand only for a step that itself speaks in milliseconds.
 */
export function millisecondOnlyNumbers(text: string | undefined): Set<string> {
  return numbersWrittenOnlyAs(text, MILLISECONDS_RE, (scan, _, end) =>
    MILLISECONDS_AFTER_RE.test(scan.slice(end, end + 14)),
  );
}

/**
 * The numbers a text (its first MAX_SCAN_CHARS) writes only where `piece` holds; none, unread, when
 * `candidate` finds nothing such a piece needs.
 */
function numbersWrittenOnlyAs(
  text: string | undefined,
  candidate: RegExp,
  piece: (scan: string, start: number, end: number) => boolean,
): Set<string> {
  if (!text || !candidate.test(text)) return new Set();
  const scan = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  return numbersOnlyAs(scan, (start, end) => piece(scan, start, end));
}

function makeGrounding(g: EngineGraph): Grounding {
  const taskNumbers = extractNumbers(g.trace.run.task ?? "");
  const task = new Set(taskNumbers);
  dottedRunHeads(g.trace.run.task ?? "", (x) => task.add(x));
  // Counts the task writes in words, and the factors its words of scale imply ("half of the guests").
  for (const x of numberWordValues(g.trace.run.task ?? "")) task.add(x.slice(2));
  for (const x of factorWordNumbers(g.trace.run.task ?? "")) task.add(x);
  const taskLabels = labelOnlyNumbers(g.trace.run.task);
  const taskYears = yearOnlyNumbers(g.trace.run.task);
  // Per step, read once and only when the step is a source of a derivation. Read over the text its
  // numbers are read from (content and result): a call's result that writes "period 4" makes 4 no
  // more an operand than its message would.
  const labels: (Set<string> | undefined)[] = new Array(g.n);
  const labelsOf = (u: number) => (labels[u] ??= labelOnlyNumbers(stepText(g.steps[u])));
  const years: (Set<string> | undefined)[] = new Array(g.n);
  const yearsOf = (u: number) => (years[u] ??= yearOnlyNumbers(stepText(g.steps[u])));
  const meters: (Set<string> | undefined)[] = new Array(g.n);
  const metersOf = (u: number) => (meters[u] ??= millisecondOnlyNumbers(stepText(g.steps[u])));
  // Identifiers' last digits are read only in a run that writes a number as one's end.
  const tails = tailHintsOf(g).content;
  const sourceNums = g.steps.map((s, i) => sourceNumbers(s.input, g.features[i].allNumbers, s.content, tails));
  // Operands come from what a call saw besides its instructions: a system prompt's worked examples
  // are seen (an answer copied from one is no invention), but any small number is a sum or product of
  // two of them (input-without-instructions.ts).
  const operandNums: (Set<string> | null | undefined)[] = new Array(g.n);
  const operandsOf = (v: number): Set<string> | null => {
    const known = operandNums[v];
    if (known !== undefined) return known;
    const s = g.steps[v];
    const data = inputWithoutInstructions(s.input);
    return (operandNums[v] =
      data === s.input ? sourceNums[v] : sourceNumbers(data, g.features[v].allNumbers, s.content, tails));
  };
  // First step index stating each number (text, input or page digits): a value first stated at or after v was not seen before v.
  const firstAt = new Map<string, number>();
  for (let i = 0; i < g.n; i++) {
    for (const x of g.features[i].allNumbers) if (!firstAt.has(x)) firstAt.set(x, i);
    const src = sourceNums[i];
    if (src) for (const x of src) if (!firstAt.has(x)) firstAt.set(x, i);
  }
  const walker = ancestorWalker(g, ANCESTOR_BUDGET);
  // Earliest step of each agent stating each number (text or input), built on first use.
  let byAgent: Map<string, Map<number, number>> | undefined;
  const firstByAgent = (x: string): Map<number, number> => {
    if (!byAgent) {
      byAgent = new Map();
      const note = (y: string, i: number) => {
        let m = byAgent!.get(y);
        if (!m) byAgent!.set(y, (m = new Map()));
        if (!m.has(g.agentOf[i])) m.set(g.agentOf[i], i);
      };
      for (let i = 0; i < g.n; i++) {
        for (const y of g.features[i].allNumbers) note(y, i);
        const src = sourceNums[i];
        if (src) for (const y of src) note(y, i);
      }
    }
    return byAgent.get(x) ?? new Map();
  };

  const seenBefore = (v: number, x: string): boolean => {
    if (task.has(x) || sourceNums[v]?.has(x)) return true;
    const first = firstAt.get(x);
    if (first === undefined || first >= v) return false;
    if (g.edgesInferred || walker.surelyAncestor(first, v)) return true;
    if (walker.latestOf(v, 0) !== undefined) {
      // Exact, without a walk: some agent's statement of x lies on that agent's chain into v.
      for (const [a, s] of firstByAgent(x)) {
        const latest = walker.latestOf(v, a)!;
        if (s <= latest && s < v) return true;
      }
      return false;
    }
    // Nothing below the first step stating x can state it: the walk stops there.
    return walker.some(v, (w) =>
      w === first || g.features[w].allNumbers.includes(x) || sourceNums[w]?.has(x)
        ? Visit.Found
        : w > first
          ? Visit.Expand
          : Visit.Leaf,
    );
  };

  const requested: (RequestedAggregate | null | undefined)[] = new Array(g.n);
  const percents: (Set<string> | undefined)[] = new Array(g.n);
  const percentsOf = (v: number) => (percents[v] ??= writtenPercents(g.steps[v].content));
  const taskRates = writtenPercents(g.trace.run.task);
  // Per step, read once and only when a percent-of product matches: most steps never ask.
  const rates: (Set<number> | undefined)[] = new Array(g.n);
  const written: (Set<string> | undefined)[] = new Array(g.n);
  const writtenIn = (u: number) => (written[u] ??= writtenPercents(stepText(g.steps[u])));
  /** The numbers written as percents in the task, step v's text and input, and the steps it read. */
  const ratesAt = (v: number): Set<number> => {
    if (rates[v]) return rates[v]!;
    const texts = [taskRates, writtenIn(v), writtenPercents(g.steps[v].input)];
    for (let k = g.inStart[v]; k < g.inStart[v + 1] && k - g.inStart[v] < MAX_TOTAL_SOURCES; k++)
      texts.push(writtenIn(g.edges[g.inEdges[k]].from));
    return (rates[v] = new Set(texts.flatMap((xs) => [...xs].map(Number))));
  };
  /** Per step, whether its text or input writes what `re` matches (read once, when asked). */
  const writtenMark = (re: RegExp) => {
    const seen: (boolean | undefined)[] = new Array(g.n);
    return (v: number) =>
      (seen[v] ??=
        re.test((g.steps[v].content ?? "").slice(0, MAX_SCAN_CHARS)) ||
        re.test((g.steps[v].input ?? "").slice(0, MAX_SCAN_CHARS)));
  };
  /** Whether step v writes a power: only then is a number times itself a result. */
  const marksSquare = writtenMark(SQUARE_RE);
  const marksCube = writtenMark(CUBE_RE);
  /**
   * Whether step v writes a division: only then is a quotient of two numbers at hand a result.
   * Unwritten, some pair of the numbers at hand has nearly any ratio (a made-up 2.23 ≈ 1.27 ÷ 0.57),
   * as a share has, which is read only for a value written as a percent.
   */
  const marksQuotient = writtenMark(QUOTIENT_RE);
  const marksDouble = writtenMark(DOUBLE_RE);
  const marksMilliseconds = writtenMark(MILLISECONDS_RE);
  // Per step, read once and only when a doubling matches: the numbers of its text, each part once.
  const once: (string[] | undefined)[] = new Array(g.n);
  const numbersOnce = (u: number) => (once[u] ??= extractNumbers(stepTextOnce(g.steps[u])));
  /**
   * Whether a number added to itself is a sum at step v: the step writes a doubling, or writes the
   * number twice, or the texts it read write it twice between them (two sites that both read 0.57;
   * in a chat, two earlier steps). One 0.57 at hand makes no 1.14: unmarked, a made-up value twice a
   * number at hand passed as derived.
   */
  const doubles = (v: number, a: number): boolean => marksDouble(v) || writtenTwice(v, a);
  /** Whether number a is written twice in step v, or between the task, its input and the texts it read. */
  const writtenTwice = (v: number, a: number): boolean => {
    const count = (xs: readonly string[], from: number) => {
      let n = from;
      for (const s of xs) if (Number(s) === a && ++n >= 2) break;
      return n;
    };
    // A label is no writing of a quantity: "page 1 of 1" writes no 1 twice.
    const x = normalizeNumber(String(a));
    const quantityIn = (u: number) => !labelsOf(u).has(x);
    if (quantityIn(v) && count(numbersOnce(v), 0) >= 2) return true;
    let n = count(extractNumbers(g.steps[v].input ?? ""), taskLabels.has(x) ? 0 : count(taskNumbers, 0));
    // An agent's writing counts only where no output the step read writes the number: beside one, it
    // is as often that output relayed ("Dock A: 2.65 days" after the lookup gave 2.65) as a second reading.
    let outputs = 0;
    let agents = 0;
    for (let k = g.inStart[v]; k < g.inStart[v + 1] && n + outputs < 2; k++) {
      if (k - g.inStart[v] >= MAX_TWICE_SOURCES) return true;
      const from = g.edges[g.inEdges[k]].from;
      if (!quantityIn(from)) continue;
      if (isToolOutput(g, from)) outputs = count(numbersOnce(from), outputs);
      else if (agents < 2) agents = count(numbersOnce(from), agents);
    }
    n += outputs > 0 ? outputs : agents;
    if (n >= 2 || !g.edgesInferred) return n >= 2;
    // Without stated edges every earlier step is read. The step before v was counted above; a
    // writing in any step before it counts too, and the first writing is indexed.
    const first = firstAt.get(x);
    return n + (first !== undefined && first < v - 1 ? 1 : 0) >= 2;
  };
  const { oneMeasure, mixes, countNoun, fractionOfCount, pricedCount } = numberDimensions(g, task, {
    maxSources: MAX_TOTAL_SOURCES,
    exactSum: EXACT_SUM,
  });
  /**
   * A number at hand written to more decimals than value x is, rounded to the nearest at the
   * decimals step v writes x with: code prints 403.53000895182294 and the agent reports 403.53. Only
   * to fewer decimals, and only a value written with some ("2.00", not "2": a whole number is as
   * often a count or a misquote as a rounding): a value as precise as the number (403.54 against
   * 403.53) differs from it. Read over the step's input, the steps it read, the latest tool outputs it
   * could see (`earlierOutputs`), its own earlier numbers and the task, MAX_ROUND_READS numbers at most (none found past them: the conservative
   * direction), without the operand pool's cap: a task or output full of data leaves no room in it
   * for the figure rounded.
   */
  const decimalsOf: (Map<string, number> | undefined)[] = new Array(g.n);
  const roundedFrom = (v: number, x: string, target: number, ownEarlier: string[]): string | null => {
    const places = (decimalsOf[v] ??= writtenDecimals(stepText(g.steps[v]))).get(x) ?? 0;
    if (places === 0) return null;
    const half = 0.5 * 10 ** -places + ROUND_EPSILON;
    let reads = 0;
    const rounds = (s: string) =>
      ++reads <= MAX_ROUND_READS && decimalPlaces(s) > places && Math.abs(Number(s) - target) <= half;
    for (const s of sourceNums[v] ?? []) if (rounds(s)) return s;
    const timed = marksMilliseconds(v);
    for (let k = g.inStart[v]; k < g.inStart[v + 1] && reads < MAX_ROUND_READS; k++) {
      const from = g.edges[g.inEdges[k]].from;
      for (const s of g.features[from].allNumbers) if ((timed || !metersOf(from).has(s)) && rounds(s)) return s;
    }
    // The latest tool outputs the step could see, as a derivation reads them (a report three agents on
    // from the tool that printed 12.604399962425232 writes "$12.60").
    for (const u of earlierOutputs(v)) for (const s of g.features[u].allNumbers) if (rounds(s)) return s;
    for (const s of ownEarlier) if (rounds(s)) return s;
    for (const s of task) if (rounds(s)) return s;
    return null;
  };
  /**
   * The latest EARLIER_OUTPUTS tool outputs among the EARLIER_WINDOW steps before v that v could have
   * seen (its ancestors, known without a walk; every earlier step without stated edges), latest first;
   * read once per step. Only records count: an output with fewer than two numbers (a calculator's
   * result, a scratchpad's echo) has no pair to derive from, and would push the lookups out.
   */
  const earlier: (number[] | undefined)[] = new Array(g.n);
  const earlierOutputs = (v: number): number[] => {
    if (earlier[v]) return earlier[v]!;
    const out: number[] = (earlier[v] = []);
    for (let u = v - 1; u >= 0 && v - u <= EARLIER_WINDOW && out.length < EARLIER_OUTPUTS; u--)
      if (
        isToolOutput(g, u) &&
        g.features[u].allNumbers.length >= 2 &&
        (g.edgesInferred || walker.surelyAncestor(u, v) || walker.isAncestor(u, v) === true)
      )
        out.push(u);
    return out;
  };
  const derivation = (v: number, x: string, ownEarlier: string[]): string[] | null => {
    const target = Number(x);
    if (!Number.isFinite(target)) return null;
    const rounded = roundedFrom(v, x, target, ownEarlier);
    if (rounded !== null) return [rounded];
    // The exact answer to an explicit calculation the step was asked for (see requested-aggregate.ts).
    if (requested[v] === undefined) requested[v] = requestedAggregate(g.steps[v].input);
    if (requested[v] && matchesAggregate(requested[v]!, target)) return [];
    const pool = new Set<number>();
    // A year is an operand only of a year or a span of years.
    const ofYears = (Number.isInteger(target) && Math.abs(target) < 300) || (target >= 1000 && target <= 3000);
    for (const s of task) if (!taskLabels.has(s) && (ofYears || !taskYears.has(s))) addOperand(pool, s);
    for (const s of operandsOf(v) ?? []) addOperand(pool, s);
    for (const s of ownEarlier) addOperand(pool, s);
    // A label ("period 4") is no operand, nor a millisecond reading unless step v speaks in them, nor
    // a year unless the value is one.
    const timed = marksMilliseconds(v);
    const addFrom = (from: number, into: Set<number>) => {
      for (const s of g.features[from].allNumbers)
        if (!labelsOf(from).has(s) && (timed || !metersOf(from).has(s)) && (ofYears || !yearsOf(from).has(s)))
          addOperand(into, s);
    };
    for (let k = g.inStart[v]; k < g.inStart[v + 1] && pool.size < MAX_OPERANDS; k++)
      addFrom(g.edges[g.inEdges[k]].from, pool);
    // Identities (x + 0, x × 1) only restate x; a restatement that differs from x is a misquote,
    // not a result: 0 is no operand, 1 no factor or divisor.
    pool.delete(0);
    const ops = [...pool];
    // x % of y is a computation only with a rate written as a percent at hand (the task, the step, or
    // a source it read): any two numbers have a product over 100 near some amount, so a misquoted
    // figure would pass as "a percent of" two unrelated numbers.
    const isRate = (a: number, b: number) => ratesAt(v).has(a) || ratesAt(v).has(b);
    // A number at hand with two neighbouring digits swapped, or a decimal with one digit changed, is a
    // misquote of it, not a result: the swap moves a value by a multiple of 9, the change by d × 10^k,
    // which some small number at hand nearly always makes up. A decimal of three digits is read for a
    // swap too (1.32 → 1.23, which 1.62 ÷ 1.32 makes up), not for a change: one small decimal plus
    // another changes one digit as often as not.
    const digits = x.replace(/\D/g, "").length;
    const misquotes = (list: number[]) =>
      (digits >= MIN_SWAP_DIGITS && list.some((a) => swapsDigits(x, String(a)) || changesOneDigit(x, String(a)))) ||
      (digits === MIN_SWAP_DIGITS - 1 && x.includes(".") && list.some((a) => swapsDigits(x, String(a))));
    if (misquotes(ops)) return null;
    // Shares and changes are tried only for a value the step writes as a percent: as a ratio of
    // two numbers at hand almost any amount has some pair that yields it.
    const percent = percentsOf(v).has(x);
    // Products and quotients get rounded when written (relative tolerance); sums and differences of
    // written numbers are exact up to the precision the value itself is written with, and so is a
    // product of two whole numbers, which is whole: 6,917 × 3 is 20,751, and "20,757" is no rounding
    // of it (a rounded one ends in zeros, "20,750").
    const tol = Math.max(0.005, Math.abs(target) * 5e-4);
    const precision = writtenPrecision(x);
    const sumTol = Math.min(tol, precision);
    // A number below the precision a value is written to cannot show in it: "56,000" is no
    // 56,040 − 16.09, it is 56,040 rounded (a misquote when nothing else derives it). Such a term
    // counts only in an exact sum.
    const noun = countNoun(v, x);
    const adds = (a: number, b: number, y: number) =>
      within(y, target, sumTol) &&
      (within(y, target, EXACT_SUM) || Math.min(Math.abs(a), Math.abs(b)) >= precision) &&
      !fractionOfCount(v, noun, a, b, y);
    // An amount less or more a percent written as a rate ("25 % off $80" is $60, "plus 8 % tax"): one
    // step for whoever writes it, as a percent of an amount is.
    const changedBy = (amount: number, rate: number) =>
      rate > 0 &&
      rate < 100 &&
      ratesAt(v).has(rate) &&
      (within((amount * (100 - rate)) / 100, target, tol) || within((amount * (100 + rate)) / 100, target, tol));
    /** Whether a and b (`two`: two writings, not one number taken twice), in one operation, give the value. */
    const gives = (a: number, b: number, two: boolean): boolean => {
      // A number taken from itself or divided by itself gives 0, 1 or 100 % whatever it is: no result.
      // Times itself it is a square, which an agent writes as one ("x²", "squared"); unwritten, a
      // square near 1 lands within rounding of a one-digit slip (0.89 → 0.79 ≈ 0.89²). Added to
      // itself it is a doubling, which needs the number twice or a doubling written (`doubles`); as
      // a percent of itself (87 % of 87 ≈ 75.7), the number twice, once as the rate and once as the amount.
      // A sum of a reading and a count of something else ("1.98 arcsec" and "3 hits") is neither.
      return (
        (adds(a, b, a + b) && (two || doubles(v, a)) && !mixes(v, x, a, b)) ||
        (two && (adds(a, b, a - b) || adds(a, b, b - a)) && !mixes(v, x, a, b)) ||
        (a !== 1 &&
          b !== 1 &&
          ((within(a * b, target, Number.isInteger(a) && Number.isInteger(b) ? sumTol : tol) &&
            (two || marksSquare(v)) &&
            !pricedCount(v, noun, a, b, false)) ||
            (two &&
              (within(a / b, target, tol) || within(b / a, target, tol)) &&
              marksQuotient(v) &&
              !pricedCount(v, noun, a, b, true))) &&
          !oneMeasure(v, x, a, b)) ||
        (within((a * b) / 100, target, tol) && isRate(a, b) && (two || writtenTwice(v, a))) ||
        (two && (changedBy(a, b) || changedBy(b, a))) ||
        // A whole number cubed, where the step writes a cube ("(4/6)^3 = 64/216"): as a square is read.
        (!two && Number.isInteger(a) && Math.abs(a) > 1 && within(a * a * a, target, sumTol) && marksCube(v)) ||
        (two && percent && sharesPercent(a, b, target, tol))
      );
    };
    for (let i = 0; i < ops.length; i++)
      for (let j = i; j < ops.length; j++) if (gives(ops[i], ops[j], i !== j)) return [String(ops[i]), String(ops[j])];
    const whole = wholeDerivation(v, x, target, ops, percent, tol, sumTol);
    if (whole !== null) return whole;
    // One record the step looked up turns back: an agent works out a fare from the legs of the
    // reservation it fetched several messages before (94 + 80). Pairs within one such output only,
    // and not for a small whole number: across records, or over a wider pool, one operation makes
    // almost any value, another record's figure misquoted among them.
    if (Number.isInteger(target) && Math.abs(target) < MIN_EARLIER_TARGET) return null;
    for (const u of earlierOutputs(v)) {
      const own = new Set<number>();
      addFrom(u, own);
      own.delete(0);
      const rec = [...own];
      // A value one digit off a figure of that record misquotes it: no derivation from it.
      if (misquotes(rec) || (digits >= MIN_SWAP_DIGITS && rec.some((a) => oneDigitApart(x, String(a))))) continue;
      // The record's own total: a column of its table, or every figure it files under one key (the
      // fares of a reservation's flights).
      for (const total of totalsOf(u)) if (within(total, target, sumTol)) return [];
      for (let i = 0; i < rec.length; i++)
        for (let j = i + 1; j < rec.length; j++)
          if (gives(rec[i], rec[j], true)) return [String(rec[i]), String(rec[j])];
    }
    return null;
  };
  const totals: (number[] | undefined)[] = new Array(g.n);
  // Per step, read once: a step's unsourced numbers each ask for its unit pairs.
  const conversions: (number[] | undefined)[] = new Array(g.n);
  const totalsOf = (u: number) => (totals[u] ??= groupTotals(stepTextOnce(g.steps[u])));
  const itemized: (Set<number> | undefined)[] = new Array(g.n);
  /** A percent restating a fraction at hand, a total of a group a source lists, a conversion between units the step names. */
  const wholeDerivation = (
    v: number,
    x: string,
    target: number,
    ops: number[],
    percent: boolean,
    tol: number,
    sumTol: number,
  ): string[] | null => {
    if (percent) for (const a of ops) if (within(a * 100, target, tol)) return [String(a)];
    // A rate at hand as the fraction it stands for, or what is left of a whole after it ("21 %" is
    // 0.21, and what depreciates by it keeps 0.79).
    if (target > 0 && target < 1)
      for (const r of ratesAt(v))
        if (within(r / 100, target, EXACT_SUM) || within(1 - r / 100, target, EXACT_SUM)) return [String(r)];
    for (let k = g.inStart[v]; k < g.inStart[v + 1] && k - g.inStart[v] < MAX_TOTAL_SOURCES; k++)
      for (const total of totalsOf(g.edges[g.inEdges[k]].from)) if (within(total, target, sumTol)) return [];
    // The step's own breakdown: a total written beside the amounts it adds up (whole-derivations.ts).
    if ((itemized[v] ??= itemizedTotals(stepTextOnce(g.steps[v]))).has(target)) return [];
    const factors = (conversions[v] ??= namedConversions(g.steps[v].content ?? ""));
    const loose = Math.max(tol, writtenPrecision(x));
    for (const f of factors) for (const a of ops) if (within(a * f, target, loose)) return [String(a)];
    return null;
  };
  const derivable = (v: number, x: string, ownEarlier: string[]) => derivation(v, x, ownEarlier) !== null;
  const rounding = (v: number, x: string, ownEarlier: string[]) => {
    const target = Number(x);
    return Number.isFinite(target) ? roundedFrom(v, x, target, ownEarlier) : null;
  };
  return { task, seenBefore, derivable, derivation, rounding };
}

/**
 * Per number of `text` (normalized), the most decimals it is written with, over the first
 * MAX_SCAN_CHARS characters: "2.00" is read as 2, and its writing says it was given to two places.
 */
function writtenDecimals(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of allMatches(NUMBER_RE, text.slice(0, MAX_SCAN_CHARS))) {
    const x = normalizeNumber(m[0]);
    out.set(x, Math.max(out.get(x) ?? 0, decimalPlaces(m[0])));
  }
  return out;
}
/** Slack for a rounding test on binary floats (0.125 to two places is 0.13 or 0.12 by a hair). */
const ROUND_EPSILON = 1e-9;

/** Digits a rounded whole number keeps before its zeros at most. */
const ROUNDED_DIGITS = 3;

/**
 * Half a unit of the last place a number is written to ("6743.63" → 0.005, "6744" → 0.5, "6700" →
 * 50: trailing zeros of an integer read as rounding): how far a rounded sum may sit from the exact one.
 * Zeros read as rounding leave at most ROUNDED_DIGITS digits before them ("27,100" → 50, "56,000" →
 * 500); one that ends four or more ("27,120") is as often the exact count it reads as, and a rounded
 * figure keeps fewer digits than that.
 */
export function writtenPrecision(x: string): number {
  const dot = x.indexOf(".");
  if (dot >= 0) return 0.5 * 10 ** -(x.length - dot - 1);
  let zeros = 0;
  for (let i = x.length - 1; i > 0 && x[i] === "0"; i--) zeros++;
  const digits = x.replace(/^-/, "").length - zeros;
  return digits > ROUNDED_DIGITS ? 0.5 : 0.5 * 10 ** zeros;
}
