/**
 * A power of ten a step multiplies or divides by ("multiplying by 100", "divide the difference by
 * 1,000", "x / 10000") converts a unit or a scale: a percent, "in thousands", "tens of thousands". It is
 * no fact the step states, so it needs no source, and no fact a later step can take from it.
 */
import { isScaleOperand } from "./operand-only";
import { allMatches } from "../all-matches";

/** 100, 1000, 1,000, 10,000, 10000 … up to ten million: a power of ten written whole. */
const POWER_OF_TEN_RE = /(?<![\d.,])(?:10{0,2}(?:,000){1,2}|10{2,7})(?![\d]|[.,]\d)/g;
/** Texts longer than this are read in their first part only (a step's scale factors sit in its working). */
const MAX_SCAN = 20_000;

/** Whether the number at [start, end) of a text is a power of ten written as a factor or a divisor. */
export function isScaleFactorAt(text: string, start: number, end: number): boolean {
  const raw = text.slice(start, end);
  return /^(?:10{0,2}(?:,000){1,2}|10{2,7})$/.test(raw) && isScaleOperand(text, start, end);
}

/** The powers of ten a text writes as a factor or a divisor, as numbers ("1000"). */
export function scaleFactors(text: string): Set<string> {
  const out = new Set<string>();
  const scanned = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  if (!/10|1,0/.test(scanned)) return out;
  for (const m of allMatches(POWER_OF_TEN_RE, scanned))
    if (isScaleOperand(scanned, m.index!, m.index! + m[0].length)) out.add(m[0].replace(/,/g, ""));
  return out;
}
