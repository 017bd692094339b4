/**
 * Arithmetic a step was explicitly asked to do: its input names an aggregate (sum, sum of squares,
 * product, mean, maximum, minimum) over one explicit list of numbers, and holds no other number
 * ("Sum of squares of [5, 6, 7, 8]", "Add the partials 30 + 174 + 446"). The engine can then check
 * the answer exactly, like a calculator would: a matching answer is grounded, a different one is
 * a computation error of the step itself. Anything less explicit is left alone (returns null).
 */
import { extractNumbers } from "./text-features";

export type AggregateOp = "sum" | "sum of squares" | "product" | "mean" | "max" | "min";

export interface RequestedAggregate {
  op: AggregateOp;
  operands: number[];
  value: number;
}

/** Requests longer than this are prose, not a calculation. */
const MAX_REQUEST_CHARS = 2000;
const MAX_OPERANDS = 1000;

/** Most specific phrase first. */
const OPS: [RegExp, AggregateOp][] = [
  [/\bsum of (?:the )?squares\b/i, "sum of squares"],
  [/\b(?:sum|total|add(?:ing)?(?: up)?)\b/i, "sum"],
  [/\b(?:product|multiply(?:ing)?)\b/i, "product"],
  [/\b(?:average|mean)\b/i, "mean"],
  [/\b(?:maximum|max|largest)\b/i, "max"],
  [/\b(?:minimum|min|smallest)\b/i, "min"],
];

/** The numbers right after the phrase: a short lead-in ("of the partials", "of ["), then numbers joined by separators only. */
const LIST_RE =
  /^[^\d\n-]{0,30}?((?:-?\d[\d,]*(?:\.\d+)?)(?:(?:\s*[,;+*×]\s*|\s+and\s+|\s+)(?:-?\d[\d,]*(?:\.\d+)?))+)/;

export function requestedAggregate(text: string | undefined): RequestedAggregate | null {
  if (!text || text.length > MAX_REQUEST_CHARS) return null;
  for (const [re, op] of OPS) {
    const m = re.exec(text);
    if (!m) continue;
    const rest = text.slice(m.index + m[0].length);
    const list = LIST_RE.exec(rest);
    if (!list) return null;
    const operands = splitList(list[1]);
    // Every number of the request must be an operand: otherwise the list is only part of the story.
    if (operands.length < 2 || operands.length > MAX_OPERANDS || extractNumbers(text).length !== operands.length)
      return null;
    return { op, operands, value: apply(op, operands) };
  }
  return null;
}

/** Splits "1, 2, 3" / "1,2,3" / "30 + 174 + 446" into numbers; "1,234" is one number, as `extractNumbers` reads it. */
function splitList(list: string): number[] {
  return list
    .split(/\s*[;+*×]\s*|,(?!\d{3}(?!\d))\s*|\s+and\s+|\s+/)
    .filter(Boolean)
    .map((x) => Number(x.replace(/,/g, "")))
    .filter(Number.isFinite);
}

function apply(op: AggregateOp, xs: number[]): number {
  switch (op) {
    case "sum":
      return xs.reduce((s, x) => s + x, 0);
    case "sum of squares":
      return xs.reduce((s, x) => s + x * x, 0);
    case "product":
      return xs.reduce((s, x) => s * x, 1);
    case "mean":
      return xs.reduce((s, x) => s + x, 0) / xs.length;
    case "max":
      return Math.max(...xs);
    case "min":
      return Math.min(...xs);
  }
}

/** Whether `x` is the aggregate's value (relative tolerance for rounding in the answer). */
export function matchesAggregate(agg: RequestedAggregate, x: number): boolean {
  return Math.abs(x - agg.value) <= Math.max(0.005, Math.abs(agg.value) * 5e-4);
}
