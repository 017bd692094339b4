/**
 * A number a step writes only as an operand of a calculation it spells out ("34 / 2 = 17", "2 x 30",
 * "dividing the total by 2"), as a bound of a range ("2–5 days", "between 2 and 5") or as a counter
 * of its working ("Step 2:", a line numbered "2.", a list or heading marker: `list-marker.ts`) is no proposal of that number as an answer: the
 * step used it on the way to another value, named the span it lies in, or numbered its lines. Where an
 * answer came from is where it was first written as a value standing for itself (a result after
 * "=", a stated answer, a number in a sentence), so its earlier uses as an operand are passed over.
 * Read on a short window around each writing (the other operand and its operator sit beside it).
 */
import type { Claim } from "./extract-claims";
import { isListMarker } from "./list-marker";

/** Characters read on each side of a number for the operator and the other number. */
const WINDOW = 24;
/** Characters read before a number for an operation said in words ("dividing … by"). */
const WORDS_WINDOW = 80;
/**
 * Right after the number: an operator (a spaced "x" too) and another number, on the same line
 * ("2 x 30", "34/2", "12 - 4", "130 + p"); a currency sign or an opening bracket may stand before it.
 */
const OPERAND_BEFORE_RE =
  /^[ \t]*(?:\)[ \t]*)?(?:[-+*/×÷−]|\\(?:times|cdot|div)|x(?=[ \t]))[ \t]*(?:\([ \t]*)?(?:[$€£]?\d|(?![aAI])[A-Za-z](?!\w))/;
/**
 * Right before the number: another number (a closing bracket after it allowed) and an operator. The
 * other operand may be an unknown, a lone letter other than a word ("130 + p", "(g - 40)").
 */
const OPERAND_AFTER_RE =
  /(?:\d|(?<!\w)(?![aAI])[A-Za-z])(?:[ \t]*\))?(?:[ \t]*(?:[-+*/×÷−]|\\(?:times|cdot|div))|[ \t]+x)[ \t]*(?:\([ \t]*)?(?:[$€£][ \t]*)?$/;
/**
 * Right before the number: a multiplying or dividing operator, whatever stands on its other side
 * ("remaining pizzas / 2", "cost × 3"): a plus or a minus there may be a sign or a bullet, these not.
 */
const SCALED_BY_RE = /(?:[*/×÷]|\\(?:times|cdot|div))[ \t]*(?:\([ \t]*)?(?:[$€£][ \t]*)?$/;
/** "dividing the total by 2", "multiplied by 3": the operation said in words, in the same sentence. */
const BY_WORDS_RE = /\b(?:divid|multipl)[a-z]*\b[^.!?\n]{0,60}\bby[ \t]+$/i;
/**
 * A counter of the working, not a value: "Step 2", or "2." / "2)" numbering a line. Read as a
 * number it matches any small answer by coincidence.
 */
const STEP_COUNTER_RE = /\bstep[ \t]*#?$/i;
const LINE_NUMBER_BEFORE_RE = /\n[ \t>*#]*$/;
const LINE_NUMBER_AFTER_RE = /^[.)][ \t]/;
/**
 * The side of an equation still to be solved: right after "=" whose other side is a multiple of an
 * unknown ("3g = 130"). The number is what that multiple equals, not yet a value anything asked for.
 */
const EQUATION_SIDE_RE = /\d[A-Za-z][ \t]*=[ \t]*$/;
/** A fraction in LaTeX ("\\frac{34}{2}"): numerator and denominator. */
const FRACTION_RE = /\\d?frac\{(?:[\d.,]{1,12}\}\{)?$/;
/** A range written with an en dash ("2–5") or as "between 2 and 5": both numbers are its bounds. */
const RANGE_START_RE = /^[ \t]*–[ \t]*\d/;
const RANGE_END_RE = /\d[ \t]*–[ \t]*$/;
const BETWEEN_FIRST_RE = /\bbetween[ \t]+[$€£]?$/i;
const BETWEEN_SECOND_RE = /\bbetween[ \t]+[$€£]?\d[\d,.]*(?:[ \t]*(?:%|[A-Za-z]+))?[ \t]+and[ \t]+[$€£]?$/i;

/** Whether the writing [start, end) of a number in `text` is an operand of a calculation or a range bound. */
export function isOperandOrBound(text: string, start: number, end: number): boolean {
  const after = text.slice(end, end + WINDOW);
  const before = text.slice(Math.max(0, start - WINDOW), start);
  return (
    OPERAND_BEFORE_RE.test(after) ||
    OPERAND_AFTER_RE.test(before) ||
    FRACTION_RE.test(before) ||
    EQUATION_SIDE_RE.test(before) ||
    SCALED_BY_RE.test(before) ||
    STEP_COUNTER_RE.test(before) ||
    (LINE_NUMBER_AFTER_RE.test(after) && LINE_NUMBER_BEFORE_RE.test(start < WINDOW ? `\n${before}` : before)) ||
    BY_WORDS_RE.test(text.slice(Math.max(0, start - WORDS_WINDOW), start)) ||
    isListMarker(text, start, end) ||
    RANGE_START_RE.test(after) ||
    RANGE_END_RE.test(before) ||
    BETWEEN_FIRST_RE.test(before) ||
    BETWEEN_SECOND_RE.test(before)
  );
}

/** Right after a number: a multiplying or dividing operator ("100 × share", "1000 / n"); a dash may be a range. */
const FACTOR_BEFORE_RE = /^[ \t]*(?:\)[ \t]*)?(?:[*/×÷]|\\(?:times|cdot|div)|x(?=[ \t]))/;

/**
 * Whether the writing [start, end) of a number is a factor or a divisor, in symbols or in words: only
 * multiplication and division ("$80-100" is a range, not a subtraction).
 */
export function isScaleOperand(text: string, start: number, end: number): boolean {
  return (
    FACTOR_BEFORE_RE.test(text.slice(end, end + WINDOW)) ||
    SCALED_BY_RE.test(text.slice(Math.max(0, start - WINDOW), start)) ||
    BY_WORDS_RE.test(text.slice(Math.max(0, start - WORDS_WINDOW), start))
  );
}

/** An answer written as a calculation itself ("3/4", "12 - 5"): its numbers are operands by design. */
const EXPRESSION_RE = /\d(?:[ \t]*[-+*/×÷−]|[ \t]+x)[ \t]*(?:\([ \t]*)?\d/;

export const answerIsExpression = (answer: string): boolean => EXPRESSION_RE.test(answer.slice(0, 400));

/**
 * Whether every writing of `value` among a step's claims is an operand or a bound: then the step used
 * the number but never put it forward. Bounded by the step's claims (at most MAX_CLAIMS).
 */
export function onlyAsOperand(text: string, claims: readonly Claim[], value: string): boolean {
  let seen = false;
  for (const c of claims) {
    if (c.value !== value) continue;
    if (c.kind !== "number" || !isOperandOrBound(text, c.start, c.end)) return false;
    seen = true;
  }
  return seen;
}
