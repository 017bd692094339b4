/**
 * Stated arithmetic that does not recompute: "12 * 7.5 = 95", "4821 + 313 = 5100", "95 kg (12 *
 * 7.5)". The expression left of "=" (or in the parentheses after a result) is evaluated exactly
 * (+ − × ÷ with the usual precedence, parentheses allowed) and
 * compared with the stated result, within the rounding the result's own decimals imply. A wrong
 * stated computation is a fault of the step that states it, whatever its inputs were.
 */
import { trimEndChars, trimStartChars } from "../../text/linear-text";
import { NUMBERED_THING_BEFORE_RE } from "../grounding";
import { allMatches } from "../all-matches";

export interface ArithmeticSlip {
  expression: string;
  stated: number;
  actual: number;
  start: number;
  end: number;
}

const MAX_SLIPS = 8;
/** Characters an arithmetic expression is made of; scans walk over them without backtracking. */
const EXPR_CHARS = /[0-9.,+\-*/×x÷() ]/;
/**
 * The same with currency signs ("£39.50 + £16.20"), for a working whose result is stated ("=", a result
 * word, a result before its parenthesis); `evaluate` reads past the signs. An unlabelled expression is
 * read without them: "1 * $64.00" beside a price list is an identity, not a working.
 */
const MONEY_EXPR_CHARS = /[0-9.,+\-*/×x÷() $€£¥]/;
const CURRENCY_RE = /[$€£¥]/;
const MAX_EXPR = 200;
const MAX_EQUALS = 40;
/** The stated result right after "=": a number, after a currency sign or code if any ("= €985.70", "= USD 12"). */
const NUMBER_AT_START = /^\s*(?:(?:[$€£¥]|[A-Z]{3}\s)\s*)?(-?\d[\d,]*(?:\.\d+)?)/;
const OPERATOR = /[-+*/×÷]|\sx\s/;
/** A text without one of these holds no operator, even once `withEquals` has read its words. */
const MAY_OPERATE_RE = /[-+*/×÷x]|times|plus|minus|divided by|multiplied by/;

/**
 * Words that state an expression's result as "=" does ("2.34 + 1.60 gives 3.94", "… comes to 12"),
 * between a digit (or a closing parenthesis) and a number, with a currency sign or code before it if
 * any ("gives £3.94", "gives GBP 3.94", as "=" takes them); "is" and "was" below, after a spaced
 * working only. A working that recomputes is found without them (an expression and a number it equals).
 */
const RESULT_WORD_RE =
  /(?<=\d\)?) (?:gives|equals|makes|comes to|yields|totals|sums to|adds up to)(?= (?:[$€£¥]|[A-Z]{3} )?\s?-?\d)/g;

/**
 * "is"/"was" state a result only after a working written with spaced operators, one of them not a
 * minus ("285.7 + 219.1 is 504.8"): "2024-05-01 is 3 days away" has no spaced operator, and
 * "2019 - 2021 is 3 years" is a range whose span follows, not a subtraction.
 */
const IS_RESULT_RE = /(?<=\d\)?) (?:is|was)(?= (?:[$€£¥]|[A-Z]{3} )?\s?-?\d)/g;
const SPACED_NOT_MINUS = /\d\)?\s+(?:[+*/×÷]|x)\s+\(?\s*[$€£¥]?\d/;

/** The working made of expression characters that ends right before `end`, at most MAX_EXPR long. */
function workingBefore(text: string, end: number): string {
  let k = end - 1;
  while (k >= 0 && end - k <= MAX_EXPR && MONEY_EXPR_CHARS.test(text[k])) k--;
  return text.slice(k + 1, end);
}

/**
 * An operation written in words between two numbers ("420 feet divided by 3 equals 140 yards"), with
 * at most one unit word after the first number: the unit is blanked and the words written as their
 * operator, so a working stated in words is read as one written with signs.
 */
const OPERATION_WORD_RE = /(?<=\d)((?:[ \t][a-z]{1,12})?) (divided by|multiplied by|times|plus|minus)(?= [$€£¥]?\d)/g;
const OPERATOR_OF: Record<string, string> = {
  "divided by": "/",
  "multiplied by": "*",
  times: "*",
  plus: "+",
  minus: "-",
};

/** The text with each such word written as "=" padded to its length, so positions stay the same. */
function withEquals(text: string): string {
  const padded = (m: string) => ` =${" ".repeat(m.length - 2)}`;
  let out = text.replace(
    OPERATION_WORD_RE,
    (_m, unit: string, words: string) =>
      `${" ".repeat(unit.length)} ${OPERATOR_OF[words]}${" ".repeat(words.length - 1)}`,
  );
  out = out.replace(RESULT_WORD_RE, padded);
  let seen = 0;
  out = out.replace(IS_RESULT_RE, (m, at: number) => {
    if (at > 20_000 || ++seen > MAX_EQUALS) return m;
    return SPACED_NOT_MINUS.test(workingBefore(out, at)) ? padded(m) : m;
  });
  return out;
}

interface Stated {
  expr: string;
  statedRaw: string;
  start: number;
  end: number;
}

/**
 * Stated computations found by a linear scan (no regex backtracking on hostile input): for each
 * "=", the expression made of digits and operators right before it and the number right after;
 * for each "(", an expression inside it and the number written just before it ("4565 (a + b)").
 */
function statedExpressions(text: string): Stated[] {
  const out: Stated[] = [];
  const scan = text.slice(0, 20_000);
  let eqs = 0;
  for (let i = scan.indexOf("="); i >= 0 && eqs < MAX_EQUALS; i = scan.indexOf("=", i + 1), eqs++) {
    let k = i - 1;
    while (k >= 0 && i - k <= MAX_EXPR && MONEY_EXPR_CHARS.test(scan[k])) k--;
    // A working read from just after an exponent mark ("(k + 1)^2 - 16 = 0") starts with the power, not
    // the base it raises: the whole left side is more than these characters.
    if (k >= 0 && scan[k] === "^") continue;
    const expr = scan.slice(k + 1, i).trim();
    const after = NUMBER_AT_START.exec(scan.slice(i + 1, i + 40));
    if (!after || !OPERATOR.test(expr.replace(/^-/, ""))) continue;
    const rest = scan.slice(i + 1 + after[0].length, i + 1 + after[0].length + 3);
    if (/^\s*[-+*/×÷]/.test(rest)) continue;
    out.push({ expr, statedRaw: after[1], start: k + 1, end: i + 1 + after[0].length });
  }
  // Unlabelled derivations: an expression elsewhere in the text whose value is a number the text
  // states ("4565 mm (1675 + 1090 + 1800)", "Sum: 95080. Working: 35804 + 17,948 + 41328").
  if (!/\d\s*(?:[-+*/×÷]|x\s)\s*\(?\s*\d/.test(scan)) return out;
  const numbers: { raw: string; value: number; at: number }[] = [];
  for (const m of allMatches(/(?<![\w.])-?\d[\d,]*(?:\.\d+)?/g, scan))
    if (numbers.length < 200) numbers.push({ raw: m[0], value: Number(m[0].replace(/,/g, "")), at: m.index! });
  let exprs = 0;
  for (let i = 0; i < scan.length && exprs < MAX_EQUALS; i++) {
    if (!/[\d(]/.test(scan[i]) || (i > 0 && EXPR_CHARS.test(scan[i - 1]) && scan[i - 1] !== " ")) continue;
    if (i > 0 && scan[i - 1] === "^") continue;
    let k = i;
    while (k < scan.length && k - i < MAX_EXPR && EXPR_CHARS.test(scan[k])) k++;
    const expr = trimEndChars(scan.slice(i, k), " \t\n\r\f\v.,");
    const next = k;
    if (!/\d\s*[-+*/×÷]\s*\(?\s*\d/.test(expr) || scan.slice(k).trimStart().startsWith("=")) {
      i = next;
      continue;
    }
    exprs++;
    const actual = evaluate(expr);
    // A number written right before a parenthesised working ("1,543.26 (629.08 + 914.18)") is not
    // part of it: the working is read again from its own parenthesis.
    const open = actual === null ? expr.indexOf("(", 1) : -1;
    if (open > 0) {
      i += open - 1;
      continue;
    }
    if (actual !== null) {
      let best: (typeof numbers)[number] | undefined;
      for (const n of numbers)
        if (
          (n.at < i || n.at >= k) &&
          Math.abs(n.value - actual) <= tolerance(n.raw.replace(/,/g, ""), actual) &&
          (!best || Math.abs(n.at - i) < Math.abs(best.at - i))
        )
          best = n;
      if (best)
        out.push({
          expr,
          statedRaw: best.raw,
          start: Math.min(i, best.at),
          end: Math.max(k, best.at + best.raw.length),
        });
    }
    i = next;
  }
  return out;
}

/** A number and up to two unit words, ending where a parenthesis opens: "4.57 arcsec (", "1,543.26 (". */
const RESULT_BEFORE_RE = /(?<![\w.,])(-?\d[\d,]*(?:\.\d+)?)[^\S\r\n]*(?:[A-Za-z%µ°]{1,12}[^\S\r\n]*){0,2}$/;
/** Characters before a parenthesis read for the result it shows the working of. */
const RESULT_BEFORE_CHARS = 40;

/**
 * A result followed by the working it came from, in parentheses ("Combined: 4.57 arcsec (2.57 +
 * 0.52 + 1.78)"): a way of showing work as common as "=", read only where the parenthesis holds
 * nothing but numbers and operators, one of them spaced and not a minus (no range, no date, no list
 * of words), and the number before it is no label ("step 2 (3 + 4)": a word for a numbered thing before it).
 */
function resultsWithWorkings(text: string): Stated[] {
  const out: Stated[] = [];
  const scan = text.slice(0, 20_000);
  let seen = 0;
  for (let i = scan.indexOf("("); i > 0 && seen < MAX_EQUALS; i = scan.indexOf("(", i + 1)) {
    let depth = 0;
    let k = -1;
    for (let j = i; j < scan.length && j - i <= MAX_EXPR && MONEY_EXPR_CHARS.test(scan[j]); j++)
      if (scan[j] === "(") depth++;
      else if (scan[j] === ")" && --depth === 0) {
        k = j;
        break;
      }
    // A parenthesis that does not close within the working's characters holds no working.
    if (k < 0) continue;
    const working = scan.slice(i + 1, k);
    if (!SPACED_NOT_MINUS.test(working)) continue;
    seen++;
    const before = scan.slice(Math.max(0, i - RESULT_BEFORE_CHARS), i);
    const m = RESULT_BEFORE_RE.exec(before);
    if (!m || NUMBERED_THING_BEFORE_RE.test(before.slice(0, m.index))) continue;
    // A working in money shows the working of an amount: "$1,208 for 2 tickets ($604 x 2)" states
    // $1,208, not 2.
    if (CURRENCY_RE.test(working) && !CURRENCY_RE.test(before.slice(Math.max(0, m.index - 2), m.index))) continue;
    out.push({ expr: working.trim(), statedRaw: m[1], start: i - before.length + m.index, end: k + 1 });
  }
  return out;
}

/**
 * "12-13 = 2 nights", "pages 14-16 = 3": a smaller whole number, a hyphen with no spaces, a larger
 * one is a span whose length follows, not a subtraction (which would come out negative).
 */
function isSpan(expr: string): boolean {
  const m = /^(\d+)-(\d+)$/.exec(expr);
  return m !== null && Number(m[1]) < Number(m[2]);
}

const decimalsOf = (raw: string) => (raw.includes(".") ? raw.split(".")[1].length : 0);
/**
 * Half a unit of the last written digit (a rounded answer is not a slip), and a relative epsilon for
 * floating-point error only: at 1e-6 a sum of 1.7 million could be off by a dollar and pass.
 */
const tolerance = (raw: string, actual: number) => Math.max(0.5 * 10 ** -decimalsOf(raw), Math.abs(actual) * 1e-9);

export function arithmeticSlips(written: string): ArithmeticSlip[] {
  const out: ArithmeticSlip[] = [];
  // Every working read below holds an operator, written as a sign or as a word `withEquals` turns into one.
  if (!MAY_OPERATE_RE.test(written)) return out;
  const text = withEquals(written);
  const shown = resultsWithWorkings(text);
  if (!text.includes("=") && !shown.length) return out;
  for (const x of [...statedExpressions(text).filter((e) => text.slice(e.start, e.end).includes("=")), ...shown]) {
    if (isSpan(x.expr)) continue;
    const actual = evaluate(x.expr);
    if (actual === null) continue;
    const raw = x.statedRaw.replace(/,/g, "");
    if (Math.abs(actual - Number(raw)) > tolerance(raw, actual))
      // A working read back to a clause's comma ("Thus, 420 / 3") is shown from its first number, and
      // blanked words leave runs of spaces in it: it is shown with one.
      out.push({
        expression: trimStartChars(x.expr, ", ").replace(/\s{2,}/g, " "),
        stated: Number(raw),
        actual,
        start: x.start,
        end: x.end,
      });
    if (out.length >= MAX_SLIPS) break;
  }
  return out;
}

/** A stated computation that recomputes: its result and operands. */
export interface Computation {
  result: number;
  operands: number[];
}

/** Stated computations ("a + b = c", "c (a + b)") whose result recomputes; the operands are what the result derives from. */
export function statedComputations(text: string): Computation[] {
  const out: Computation[] = [];
  if (!OPERATOR.test(text)) return out;
  for (const x of statedExpressions(text)) {
    const actual = evaluate(x.expr);
    if (actual === null) continue;
    const raw = x.statedRaw.replace(/,/g, "");
    if (Math.abs(actual - Number(raw)) > tolerance(raw, actual)) continue;
    out.push({
      result: Number(raw),
      operands: (x.expr.replace(/,(?=\d{3})/g, "").match(/\d+(?:\.\d+)?/g) ?? []).map(Number),
    });
    if (out.length >= MAX_EQUALS) break;
  }
  return out;
}

/** Recursive-descent evaluation of + − × ÷ and parentheses; null when the text is not such an expression. */
export function evaluate(expr: string): number | null {
  const tokens = expr.replace(/,(?=\d{3})/g, "").match(/\d+(?:\.\d+)?|[-+*/×x÷()]/g);
  if (!tokens) return null;
  let i = 0;
  const peek = () => tokens[i];
  const factor = (): number | null => {
    const t = tokens[i++];
    if (t === "(") {
      const v = sum();
      if (tokens[i++] !== ")") return null;
      return v;
    }
    if (t === "-") {
      const v = factor();
      return v === null ? null : -v;
    }
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  };
  const product = (): number | null => {
    let v = factor();
    while (v !== null && (peek() === "*" || peek() === "/" || peek() === "×" || peek() === "x" || peek() === "÷")) {
      const op = tokens[i++];
      const r = factor();
      if (r === null) return null;
      v = op === "/" || op === "÷" ? (r === 0 ? null : v / r) : v * r;
    }
    return v;
  };
  const sum = (): number | null => {
    let v = product();
    while (v !== null && (peek() === "+" || peek() === "-")) {
      const op = tokens[i++];
      const r = product();
      if (r === null) return null;
      v = op === "+" ? v + r : v - r;
    }
    return v;
  };
  const v = sum();
  return v !== null && i === tokens.length && Number.isFinite(v) ? v : null;
}
