/**
 * The compare page's state lives in its URL, so a link is a permalink:
 *
 *   /compare?a=<runId>&b=<runId>&sel=a:<stepId>&show=diff&agent=<agentKey>&from=<row>
 *
 * `sel` names a step on one side (its aligned partner follows), `show=diff` keeps divergent rows
 * (with one row of context), `agent` keeps rows of one matched agent pair, `from` is the first row
 * of the visible window in long runs. Absent params are defaults.
 */
import type { AlignedRow } from "./align-runs";

export type Side = "a" | "b";

export interface CompareViewState {
  a: string | null;
  b: string | null;
  sel: { side: Side; stepId: string } | null;
  show: "all" | "diff";
  agent: string | null;
  from: number | null;
}

type SearchInput = URLSearchParams | Record<string, string | string[] | undefined>;

function param(input: SearchInput, key: string): string | undefined {
  if (input instanceof URLSearchParams) return input.get(key) ?? undefined;
  const value = input[key];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** Reads the state from search params; malformed values fall back to defaults. */
export function parseCompareViewState(input: SearchInput): CompareViewState {
  const selMatch = /^([ab]):(.+)$/s.exec(param(input, "sel") ?? "");
  const from = Number(param(input, "from"));
  return {
    a: param(input, "a") ?? null,
    b: param(input, "b") ?? null,
    sel: selMatch ? { side: selMatch[1] as Side, stepId: selMatch[2] } : null,
    show: param(input, "show") === "diff" ? "diff" : "all",
    agent: param(input, "agent") ?? null,
    from: Number.isInteger(from) && from >= 0 ? from : null,
  };
}

/** The query string (without `?`); defaults omitted, fixed order. */
export function serializeCompareViewState(state: CompareViewState): string {
  const p = new URLSearchParams();
  if (state.a) p.set("a", state.a);
  if (state.b) p.set("b", state.b);
  if (state.sel) p.set("sel", `${state.sel.side}:${state.sel.stepId}`);
  if (state.show !== "all") p.set("show", state.show);
  if (state.agent) p.set("agent", state.agent);
  if (state.from !== null) p.set("from", String(state.from));
  return p.toString();
}

export interface SelectionInRows {
  /** Row of the selected step, or null when the step is not in the alignment. */
  row: number | null;
  /** Step ids to select on each side: the selected step, and its aligned partner (or, when it has none, the nearest earlier step of the other run). */
  a: string | null;
  b: string | null;
  /** True when the other side's step is an actual aligned partner, not just the nearest. */
  paired: boolean;
}

/** Resolves a selection against the alignment: the row, and the step to select on each side. */
export function resolveSelection(rows: AlignedRow[], sel: CompareViewState["sel"]): SelectionInRows {
  if (!sel) return { row: null, a: null, b: null, paired: false };
  const row = rows.findIndex((r) => (sel.side === "a" ? r.aStepId : r.bStepId) === sel.stepId);
  if (row < 0)
    return {
      row: null,
      a: sel.side === "a" ? sel.stepId : null,
      b: sel.side === "b" ? sel.stepId : null,
      paired: false,
    };
  const other: Side = sel.side === "a" ? "b" : "a";
  const idOn = (r: AlignedRow, side: Side) => (side === "a" ? r.aStepId : r.bStepId);
  let partner = idOn(rows[row], other);
  const paired = partner !== null;
  for (let r = row - 1; partner === null && r >= 0; r--) partner = idOn(rows[r], other);
  return { row, a: sel.side === "a" ? sel.stepId : partner, b: sel.side === "b" ? sel.stepId : partner, paired };
}
