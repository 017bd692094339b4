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

/** An expression of ≥ 2 numeric operands joined by operators, then "=" and a number. */
const EXPR_RE = /((?:\(?\s*-?\d[\d,]*(?:\.\d+)?\s*\)?\s*[-+*/×x÷]\s*)+\(?\s*-?\d[\d,]*(?:\.\d+)?\s*\)?)\s*=\s*\$?(-?\d[\d,]*(?:\.\d+)?)(?![\d.]*\s*[-+*/×÷])/g;
const MAX_SLIPS = 8;
/** "4565 mm (1675 + 1090 + 1800)": a result followed by the expression it came from, in parentheses. */
const RESULT_THEN_EXPR_RE = /(-?\d[\d,]*(?:\.\d+)?)[^\d()\n]{0,24}\(\s*((?:-?\d[\d,]*(?:\.\d+)?\s*[-+*/×÷]\s*)+-?\d[\d,]*(?:\.\d+)?)\s*\)/g;

/** A stated computation that recomputes: its result and operands (normalized number strings). */
export interface Computation {
  result: number;
  operands: number[];
}

/** Stated computations ("a + b = c", "c (a + b)") whose result recomputes; the operands are what the result derives from. */
export function statedComputations(text: string): Computation[] {
  const out: Computation[] = [];
  if (!/[-+*/×÷]/.test(text)) return out;
  const scan = text.slice(0, 20_000);
  const take = (expr: string, statedRaw: string) => {
    const actual = evaluate(expr);
    if (actual === null || out.length >= MAX_SLIPS) return;
    const raw = statedRaw.replace(/,/g, "");
    const decimals = raw.includes(".") ? raw.split(".")[1].length : 0;
    if (Math.abs(actual - Number(raw)) > Math.max(0.5 * 10 ** -decimals, Math.abs(actual) * 1e-6)) return;
    const operands = (expr.replace(/,(?=\d{3})/g, "").match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
    out.push({ result: Number(raw), operands });
  };
  if (scan.includes("=")) for (const m of scan.matchAll(EXPR_RE)) take(m[1], m[2]);
  for (const m of scan.matchAll(RESULT_THEN_EXPR_RE)) take(m[2], m[1]);
  return out;
}

export function arithmeticSlips(text: string): ArithmeticSlip[] {
  const out: ArithmeticSlip[] = [];
  if (!text.includes("=")) return out;
  for (const m of text.slice(0, 20_000).matchAll(EXPR_RE)) {
    const actual = evaluate(m[1]);
    if (actual === null) continue;
    const statedRaw = m[2].replace(/,/g, "");
    const stated = Number(statedRaw);
    const decimals = statedRaw.includes(".") ? statedRaw.split(".")[1].length : 0;
    // Tolerance: half a unit of the last written digit (a rounded answer is not a slip), and a relative epsilon.
    const tol = Math.max(0.5 * 10 ** -decimals, Math.abs(actual) * 1e-6);
    if (Math.abs(actual - stated) > tol) out.push({ expression: m[1].trim(), stated, actual, start: m.index!, end: m.index! + m[0].length });
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
