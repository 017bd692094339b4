/**
 * Equal-budget view of two aligned runs: both cut at the same spend, and which had got further.
 *
 * Spend is counted in tokens when both runs record them, else in steps (so Who&When-style logs
 * still compare). Progress at a budget is the last aligned row a run had reached when its spend
 * first exceeded the budget: the run at the later row had done more of the shared work for the
 * same money. The curve samples ten budgets up to the smaller run's total, so the chart shows
 * where one run pulls ahead, not only the end point.
 */
import type { TStep } from "../trace/schema";
import type { AlignedRow } from "./align-runs";
import { stepTokens } from "../trace/step-tokens";

export interface BudgetPoint {
  budget: number;
  /** Aligned row (0-based) each run had reached at this budget, -1 before its first step. */
  rowA: number;
  rowB: number;
}

export interface EqualBudget {
  basis: "tokens" | "steps";
  totalA: number;
  totalB: number;
  /** The common budget: the smaller total. */
  budget: number;
  rows: number;
  points: BudgetPoint[];
  /** Who had got further at the common budget. */
  ahead: "a" | "b" | "even";
  /** Spend at which each run reached its decisive step (null: none, or not reached). */
  decisiveAt: { a: number | null; b: number | null };
  note: string;
}

const SAMPLES = 10;

function cumulative(steps: Pick<TStep, "tokens">[], basis: "tokens" | "steps"): Float64Array {
  const out = new Float64Array(steps.length);
  let sum = 0;
  for (let i = 0; i < steps.length; i++) {
    sum += basis === "tokens" ? stepTokens(steps[i]) : 1;
    out[i] = sum;
  }
  return out;
}

/** Last row whose step of this side was reached within the budget (rows are in order on both sides). */
function rowAt(rows: AlignedRow[], side: "a" | "b", cum: Float64Array, budget: number): number {
  let reached = -1;
  for (let r = 0; r < rows.length; r++) {
    const i = rows[r][side];
    if (i === null) continue;
    if (cum[i] > budget) break;
    reached = r;
  }
  return reached;
}

export function equalBudget(input: {
  rows: AlignedRow[];
  stepsA: Pick<TStep, "id" | "tokens">[];
  stepsB: Pick<TStep, "id" | "tokens">[];
  decisiveA: string | null;
  decisiveB: string | null;
}): EqualBudget | null {
  const { rows, stepsA, stepsB } = input;
  if (stepsA.length === 0 || stepsB.length === 0) return null;
  const hasTokens = (steps: Pick<TStep, "tokens">[]) => steps.some((s) => stepTokens(s) > 0);
  const basis = hasTokens(stepsA) && hasTokens(stepsB) ? "tokens" : "steps";
  const cumA = cumulative(stepsA, basis);
  const cumB = cumulative(stepsB, basis);
  const totalA = cumA[cumA.length - 1];
  const totalB = cumB[cumB.length - 1];
  const budget = Math.min(totalA, totalB);
  const points: BudgetPoint[] = [];
  // Rows are scanned once per sample: O(SAMPLES × rows), bounded by the alignment's own size.
  for (let k = 1; k <= SAMPLES; k++) {
    const b = (budget * k) / SAMPLES;
    points.push({ budget: Math.round(b), rowA: rowAt(rows, "a", cumA, b), rowB: rowAt(rows, "b", cumB, b) });
  }
  const end = points[points.length - 1];
  const ahead = end.rowA > end.rowB ? "a" : end.rowB > end.rowA ? "b" : "even";
  const spendAt = (steps: Pick<TStep, "id">[], cum: Float64Array, id: string | null) => {
    if (id === null) return null;
    const i = steps.findIndex((s) => s.id === id);
    return i >= 0 ? cum[i] : null;
  };
  const unit = basis === "tokens" ? "tokens" : "steps";
  const who =
    ahead === "even"
      ? "Both runs had reached the same aligned row"
      : `Run ${ahead.toUpperCase()} was ahead (row ${Math.max(end.rowA, end.rowB) + 1} vs ${Math.min(end.rowA, end.rowB) + 1} of ${rows.length})`;
  return {
    basis,
    totalA,
    totalB,
    budget,
    rows: rows.length,
    points,
    ahead,
    decisiveAt: { a: spendAt(stepsA, cumA, input.decisiveA), b: spendAt(stepsB, cumB, input.decisiveB) },
    note: `${who} after ${Math.round(budget)} ${unit}, the smaller run's whole budget (A spent ${Math.round(totalA)}, B ${Math.round(totalB)}).`,
  };
}
