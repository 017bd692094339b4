/**
 * Stated arithmetic that does not recompute: "12 * 7.5 = 95", "4821 + 313 = 5100". The expression
 * left of "=" is evaluated exactly (+ − × ÷ with the usual precedence, parentheses allowed) and
 * compared with the stated result, within the rounding the result's own decimals imply. A wrong
 * stated computation is a fault of the step that states it, whatever its inputs were.
 */

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
const MAX_EXPR = 200;
const MAX_EQUALS = 40;
const NUMBER_AT_START = /^\s*\$?(-?\d[\d,]*(?:\.\d+)?)/;
const OPERATOR = /[-+*/×÷]/;

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
    while (k >= 0 && i - k <= MAX_EXPR && EXPR_CHARS.test(scan[k])) k--;
    const expr = scan.slice(k + 1, i).trim();
    const after = NUMBER_AT_START.exec(scan.slice(i + 1, i + 40));
    if (!after || !OPERATOR.test(expr.replace(/^-/, ""))) continue;
    const rest = scan.slice(i + 1 + after[0].length, i + 1 + after[0].length + 3);
    if (/^\s*[-+*/×÷]/.test(rest)) continue;
    out.push({ expr, statedRaw: after[1], start: k + 1, end: i + 1 + after[0].length });
  }
  let parens = 0;
  for (let i = scan.indexOf("("); i >= 0 && parens < MAX_EQUALS; i = scan.indexOf("(", i + 1), parens++) {
    const close = scan.indexOf(")", i);
    if (close < 0 || close - i > MAX_EXPR) continue;
    const expr = scan.slice(i + 1, close);
    if (!/^[0-9.,+\-*/×÷ ]+$/.test(expr) || !OPERATOR.test(expr.trim().replace(/^-/, ""))) continue;
    const before = /(-?\d[\d,]*(?:\.\d+)?)[^\d()\n]{0,24}$/.exec(scan.slice(Math.max(0, i - 60), i));
    if (before) out.push({ expr, statedRaw: before[1], start: i - before[0].length, end: close + 1 });
  }
  return out;
}

const decimalsOf = (raw: string) => (raw.includes(".") ? raw.split(".")[1].length : 0);
/** Half a unit of the last written digit (a rounded answer is not a slip), and a relative epsilon. */
const tolerance = (raw: string, actual: number) => Math.max(0.5 * 10 ** -decimalsOf(raw), Math.abs(actual) * 1e-6);

export function arithmeticSlips(text: string): ArithmeticSlip[] {
  const out: ArithmeticSlip[] = [];
  if (!text.includes("=")) return out;
  for (const x of statedExpressions(text)) {
    if (!text.slice(x.start, x.end).includes("=")) continue;
    const actual = evaluate(x.expr);
    if (actual === null) continue;
    const raw = x.statedRaw.replace(/,/g, "");
    if (Math.abs(actual - Number(raw)) > tolerance(raw, actual)) out.push({ expression: x.expr, stated: Number(raw), actual, start: x.start, end: x.end });
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
  if (!/[-+*/×÷]/.test(text)) return out;
  for (const x of statedExpressions(text)) {
    const actual = evaluate(x.expr);
    if (actual === null) continue;
    const raw = x.statedRaw.replace(/,/g, "");
    if (Math.abs(actual - Number(raw)) > tolerance(raw, actual)) continue;
    out.push({ result: Number(raw), operands: (x.expr.replace(/,(?=\d{3})/g, "").match(/\d+(?:\.\d+)?/g) ?? []).map(Number) });
    if (out.length >= MAX_SLIPS) break;
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
