/**
 * What kind of quantity a number at hand is, read from the words written after it: a reading in a
 * unit of measure ("1.98 arcsec"), a count of things ("55,560 crates"), an amount of money ("0.74
 * GBP"). The grounding (`grounding.ts`) asks these before it takes an operation on numbers at hand as
 * a derivation of a value, since some operations change a quantity's kind (ADR 0092): a product of two
 * readings in one unit is in another, a reading plus a count of something else is neither, a count is
 * no sum that leaves a fraction, and a count times or over a price is money.
 *
 * Words are read per writing of a number: the task, the step's own text and input, and the first
 * steps it read (`wordsAfterNumbers`, `measured-numbers.ts`).
 */
import { type EngineGraph, stepText } from "./build-graph";
import { isMeasureUnit, wordsAfterNumbers } from "./measured-numbers";
import { MAX_SCAN_CHARS, extractNumbers, normalizeNumber } from "./text-features";

/** Words after a number that name money, which rounds as measures do: such a number is no count. */
const MONEY_WORDS = new Set(
  "usd eur gbp jpy chf cad aud cny inr dollar dollars euro euros pound pounds yen cent cents".split(" "),
);

/**
 * A rate per amount of money ("2 points per dollar", "1 mile for every $10", "3 stamps/USD"): with one
 * written, a count can be such a rate times an amount of money.
 */
const PER_MONEY_RE = new RegExp(
  `(?:\\b(?:per|for every|each|a)\\s+|/\\s?)(?:[$€£]|(?:${[...MONEY_WORDS].join("|")})\\b)`,
  "i",
);

/** The grounding's bounds: sources read per step, and how near a sum lands to count as exact. */
export interface DimensionBounds {
  maxSources: number;
  exactSum: number;
}

/** The kind checks over graph g, with the task's numbers `task`; words are read once per step, when asked. */
export function numberDimensions(g: EngineGraph, task: ReadonlySet<string>, bounds: DimensionBounds) {
  const worded: (Map<string, string> | undefined)[] = new Array(g.n);
  const wordsOf = (u: number) => (worded[u] ??= wordsAfterNumbers(stepText(g.steps[u])));
  let taskWords: Map<string, string> | undefined;
  /**
   * The word after number a in each writing of it at hand (the task, step v's own text and input, the
   * steps it read: `wordsAfterNumbers`), "" for a writing without one, until `go` answers false.
   */
  const eachWriting = (v: number, a: number, go: (word: string) => boolean): void => {
    const x = normalizeNumber(String(a));
    const on = (states: boolean, words: () => Map<string, string>) => !states || go(words().get(x) ?? "");
    if (!on(task.has(x), () => (taskWords ??= wordsAfterNumbers(g.trace.run.task)))) return;
    if (!on(g.features[v].allNumbers.includes(x), () => wordsOf(v))) return;
    const input = g.steps[v].input;
    if (input && !on(extractNumbers(input).includes(x), () => wordsAfterNumbers(input))) return;
    for (let k = g.inStart[v]; k < g.inStart[v + 1] && k - g.inStart[v] < bounds.maxSources; k++) {
      const from = g.edges[g.inEdges[k]].from;
      if (!on(g.features[from].allNumbers.includes(x), () => wordsOf(from))) return;
    }
  };
  /** The word every writing of number a at hand is followed by, or "" where one has none, or another. */
  const wordAtHand = (v: number, a: number): string => {
    let word: string | undefined;
    eachWriting(v, a, (w) => {
      word = word === undefined || word === w ? w : "";
      return word !== "";
    });
    return word ?? "";
  };
  /** Whether some writing of number a at hand is followed by a word (or none, "") that `test` accepts. */
  const someWriting = (v: number, a: number, test: (word: string) => boolean): boolean => {
    let found = false;
    eachWriting(v, a, (w) => !(found = test(w)));
    return found;
  };
  /** The unit of measure value x is written in at step v, or "" (`measured-numbers.ts`). */
  const unitOf = (v: number, x: string): string => {
    const word = wordsOf(v).get(x) ?? "";
    return isMeasureUnit(word) ? word : "";
  };
  /**
   * Whether value x, as step v writes it, and numbers a and b at hand are readings in one unit of
   * measure: their product or quotient is then in another (arcsec², or none), so no derivation of x.
   */
  const oneMeasure = (v: number, x: string, a: number, b: number): boolean => {
    const unit = unitOf(v, x);
    return unit !== "" && wordAtHand(v, a) === unit && wordAtHand(v, b) === unit;
  };
  /**
   * Whether value x is a reading in a unit of measure, a a number no writing gives another word than
   * that unit, and b a count of something else ("1.98 arcsec" or a bare 1.98, and "3 hits"): a sum or
   * difference of the two is then no reading in that unit, whatever a is. A b written in a unit of
   * measure, or with no word, leaves the sum standing (units convert).
   */
  const otherKind = (v: number, x: string, a: number, b: number): boolean => {
    const unit = unitOf(v, x);
    if (unit === "") return false;
    if (someWriting(v, a, (w) => w !== "" && w !== unit)) return false;
    const word = wordAtHand(v, b);
    return word !== "" && !isMeasureUnit(word);
  };
  const mixes = (v: number, x: string, a: number, b: number) => otherKind(v, x, a, b) || otherKind(v, x, b, a);
  /**
   * The noun of the things value x counts as step v writes it ("55,560 crates"): a whole number with a
   * word after it that names no unit of measure and no money, which round; else "".
   */
  const countNoun = (v: number, x: string): string => {
    if (x.includes(".")) return "";
    const word = wordsOf(v).get(x) ?? "";
    return !isMeasureUnit(word) && !MONEY_WORDS.has(word) ? word : "";
  };
  /**
   * Whether y = a ± b, which leaves a fraction, is offered as the count x of things called `noun`.
   * Counts add up from whole numbers of the same things: an operand with a fraction that no writing at
   * hand gives that noun (a price, a rate: 55,550 crates + 10.14 EUR) makes no count, however near its
   * sum rounds.
   */
  const fractionOfCount = (v: number, noun: string, a: number, b: number, y: number): boolean =>
    noun !== "" &&
    Math.abs(y - Math.round(y)) > bounds.exactSum &&
    [a, b].some((o) => !Number.isInteger(o) && !someWriting(v, o, (w) => w === noun));
  /** Whether some writing of number a at hand is followed by a word for money. */
  const moneyAtHand = (v: number, a: number) => someWriting(v, a, (w) => MONEY_WORDS.has(w));
  const perMoney: (boolean | undefined)[] = new Array(g.n);
  /** Whether the task, step v's text and input, or a step it read writes a rate per amount of money. */
  const ratePerMoneyAt = (v: number): boolean => {
    if (perMoney[v] !== undefined) return perMoney[v]!;
    const texts = [g.trace.run.task ?? "", stepText(g.steps[v]), g.steps[v].input ?? ""];
    for (let k = g.inStart[v]; k < g.inStart[v + 1] && k - g.inStart[v] < bounds.maxSources; k++)
      texts.push(stepText(g.steps[g.edges[g.inEdges[k]].from]));
    return (perMoney[v] = texts.some((t) => PER_MONEY_RE.test(t.slice(0, MAX_SCAN_CHARS))));
  };
  /**
   * Whether a product or quotient of a and b, one of them money, is offered as the count x of things
   * called `noun`. A count times a price is money, a count over a price a count per money: neither
   * counts things ("148,407 loans" is no 200,550 loans × 0.74 GBP). A budget over a price is a count, so
   * a quotient of two amounts of money stands; so does any product where a rate per money is written.
   */
  const pricedCount = (v: number, noun: string, a: number, b: number, quotient: boolean): boolean => {
    if (noun === "") return false;
    const ma = moneyAtHand(v, a);
    const mb = moneyAtHand(v, b);
    return (ma || mb) && !(quotient && ma && mb) && !ratePerMoneyAt(v);
  };
  return { oneMeasure, mixes, countNoun, fractionOfCount, pricedCount };
}
