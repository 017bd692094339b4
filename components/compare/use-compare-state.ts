"use client";
import { useCallback, useMemo, useState } from "react";
import type { RunComparison } from "@/lib/compare";
import {
  resolveSelection,
  serializeCompareViewState,
  type CompareViewState,
  type Side,
} from "@/lib/compare/compare-view-state";
import { visibleRows } from "@/lib/compare/visible-rows";
import type { RunViewData } from "@/lib/view/types";

/**
 * The compare page's view state, kept in the URL (replaceState, no server round trip), and what
 * follows from it: the selected row and the window of rows shown.
 */
export function useCompareState(
  a: RunViewData,
  b: RunViewData,
  comparison: RunComparison,
  initialState: CompareViewState,
) {
  const [state, setState] = useState(initialState);
  const update = useCallback((patch: Partial<CompareViewState>) => {
    setState((prev) => {
      const next = { ...prev, ...patch };
      window.history.replaceState(null, "", `/compare?${serializeCompareViewState(next)}`);
      return next;
    });
  }, []);
  const { rows, firstDivergence, agents } = comparison.alignment;
  const selection = useMemo(() => resolveSelection(rows, state.sel), [rows, state.sel]);
  const onSelect = useCallback((side: Side, stepId: string) => update({ sel: { side, stepId }, from: null }), [update]);
  const keyOfA = useMemo(() => new Map(agents.filter((m) => m.a).map((m) => [m.a!, m.key])), [agents]);
  const keyOfB = useMemo(() => new Map(agents.filter((m) => m.b).map((m) => [m.b!, m.key])), [agents]);
  const keep = useMemo(() => {
    if (!state.agent) return undefined;
    return (i: number) => {
      const r = rows[i];
      const inA = r.a !== null && keyOfA.get(a.steps[r.a].agent) === state.agent;
      return inA || (r.b !== null && keyOfB.get(b.steps[r.b].agent) === state.agent);
    };
  }, [state.agent, rows, keyOfA, keyOfB, a.steps, b.steps]);
  const visible = useMemo(
    () => visibleRows(rows, { show: state.show, keep, focus: selection.row ?? firstDivergence, from: state.from }),
    [rows, state.show, keep, selection.row, firstDivergence, state.from],
  );
  const swapped = {
    ...state,
    a: state.b,
    b: state.a,
    sel: state.sel ? { side: flip(state.sel.side), stepId: state.sel.stepId } : null,
  };
  return { state, update, selection, onSelect, visible, swapHref: `/compare?${serializeCompareViewState(swapped)}` };
}

function flip(side: Side): Side {
  return side === "a" ? "b" : "a";
}
