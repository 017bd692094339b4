"use client";
import { useCallback, useMemo, useState } from "react";
import Link from "next/link";
import type { RunComparison } from "@/lib/compare";
import { resolveSelection, serializeCompareViewState, type CompareViewState, type Side } from "@/lib/compare/compare-view-state";
import { visibleRows } from "@/lib/compare/visible-rows";
import type { RunViewData } from "@/lib/view/types";
import { AlignedSteps } from "./AlignedSteps";
import { BlameDeltaChart } from "./BlameDeltaChart";
import { CompareCanvases } from "./CompareCanvases";
import { EqualBudgetChart } from "./EqualBudgetChart";
import { MetricDeltas } from "./MetricDeltas";
import { VerdictPair } from "./VerdictPair";
import styles from "./compare.module.css";

/**
 * The compare page: verdicts, first divergence, blame deltas, the aligned step list and two
 * canvases. All view state is in the URL (replaceState, no server round trip), so a reload or a
 * pasted link restores the selection and filters.
 */
export function CompareView({ a, b, comparison, initialState }: { a: RunViewData; b: RunViewData; comparison: RunComparison; initialState: CompareViewState }) {
  const [state, setState] = useState(initialState);
  const update = useCallback((patch: Partial<CompareViewState>) => {
    setState((prev) => {
      const next = { ...prev, ...patch };
      window.history.replaceState(null, "", `/compare?${serializeCompareViewState(next)}`);
      return next;
    });
  }, []);
  const { rows, firstDivergence, counts, agents } = comparison.alignment;
  const selection = useMemo(() => resolveSelection(rows, state.sel), [rows, state.sel]);
  const onSelect = useCallback((side: Side, stepId: string) => update({ sel: { side, stepId }, from: null }), [update]);

  const keyOfA = useMemo(() => new Map(agents.filter((m) => m.a).map((m) => [m.a!, m.key])), [agents]);
  const keyOfB = useMemo(() => new Map(agents.filter((m) => m.b).map((m) => [m.b!, m.key])), [agents]);
  const keep = useMemo(() => {
    if (!state.agent) return undefined;
    return (i: number) => {
      const r = rows[i];
      return (r.a !== null && keyOfA.get(a.steps[r.a].agent) === state.agent) || (r.b !== null && keyOfB.get(b.steps[r.b].agent) === state.agent);
    };
  }, [state.agent, rows, keyOfA, keyOfB, a.steps, b.steps]);
  const visible = useMemo(
    () => visibleRows(rows, { show: state.show, keep, focus: selection.row ?? firstDivergence, from: state.from }),
    [rows, state.show, keep, selection.row, firstDivergence, state.from],
  );
  const first = firstDivergence === null ? null : rows[firstDivergence];
  const divergent = counts.changed + counts["only-a"] + counts["only-b"];
  const swapHref = `/compare?${serializeCompareViewState({ ...state, a: state.b, b: state.a, sel: state.sel ? { side: state.sel.side === "a" ? "b" : "a", stepId: state.sel.stepId } : null })}`;

  return (
    <main className="page stack" data-testid="compare-view">
      <div className="row">
        <h1>Compare runs</h1>
        <span className="muted">
          {rows.length} aligned rows · {divergent} divergent · {counts.granularity} format-only
        </span>
        <span className="spacer" />
        <a className="button" href={swapHref}>
          Swap A and B
        </a>
        <Link className="button" href="/compare">
          Pick other runs
        </Link>
      </div>
      <VerdictPair runA={a.run} runB={b.run} comparison={comparison} />

      {first ? (
        <div className={`alert ${styles.divergence}`} data-testid="first-divergence">
          <b>First divergence at row {firstDivergence! + 1}</b>
          {": "}
          {first.aStepId ? (
            <>
              A&apos;s {a.steps[first.a!].agent} step <code>{first.aStepId}</code>
            </>
          ) : (
            "nothing in A"
          )}
          {" vs "}
          {first.bStepId ? (
            <>
              B&apos;s {b.steps[first.b!].agent} step <code>{first.bStepId}</code>
            </>
          ) : (
            "nothing in B"
          )}
          {first.note
            ? ` — ${first.note}`
            : ` — ${first.status === "only-a" ? "only run A has this step" : first.status === "only-b" ? "only run B has this step" : "content differs"}`}
          .{" "}
          <button
            type="button"
            className="button"
            onClick={() => onSelect(first.aStepId ? "a" : "b", (first.aStepId ?? first.bStepId)!)}
            data-testid="select-first-divergence"
          >
            Select it
          </button>
        </div>
      ) : (
        <div className="alert" data-testid="no-divergence">
          The runs never diverge: every step pairs up (differences of format aside).
        </div>
      )}

      <section className="card stack" style={{ gap: 8 }}>
        <h2>Blame per agent, A → B</h2>
        <BlameDeltaChart rows={comparison.agents} onSelectAgent={(key) => update({ agent: state.agent === key ? null : key, from: null })} />
      </section>

      <section className="card stack" style={{ gap: 8 }} data-testid="trajectory-compare">
        <h2>At equal budget</h2>
        {comparison.equalBudget ? <EqualBudgetChart view={comparison.equalBudget} /> : <p className="muted">A run has no steps.</p>}
        <h2>Trajectory, A → B</h2>
        <MetricDeltas rows={comparison.metrics} />
      </section>

      <section className="stack" style={{ gap: 8 }}>
        <div className={styles.toolbar}>
          <h2>Aligned steps</h2>
          <span className="muted">Show</span>
          <button
            type="button"
            className="button"
            aria-pressed={state.show === "all"}
            onClick={() => update({ show: "all", from: null })}
            data-testid="show-all"
          >
            All rows
          </button>
          <button
            type="button"
            className="button"
            aria-pressed={state.show === "diff"}
            onClick={() => update({ show: "diff", from: null })}
            data-testid="show-diff"
          >
            Differences only
          </button>
          <label className="row" style={{ gap: 6 }}>
            <span className="muted">Agent</span>
            <select value={state.agent ?? ""} onChange={(e) => update({ agent: e.target.value || null, from: null })} data-testid="agent-filter">
              <option value="">All agents</option>
              {agents.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.a ?? m.b}
                  {m.a && m.b && m.a !== m.b ? ` / ${m.b}` : ""}
                  {m.by === "unmatched" ? ` (only ${m.a ? "A" : "B"})` : ""}
                </option>
              ))}
            </select>
          </label>
          <span className="spacer" />
          {visible.total > visible.end - visible.start ? (
            <span className="row" style={{ gap: 6 }}>
              <span className="muted">
                rows {visible.start + 1}–{visible.end} of {visible.total}
              </span>
              <button type="button" className="button" disabled={visible.start === 0} onClick={() => update({ from: windowRow(visible, rows.length, -1) })}>
                Earlier
              </button>
              <button
                type="button"
                className="button"
                disabled={visible.end >= visible.total}
                onClick={() => update({ from: windowRow(visible, rows.length, 1) })}
              >
                Later
              </button>
            </span>
          ) : null}
        </div>
        <AlignedSteps
          rows={rows}
          items={visible.items}
          stepsA={a.steps}
          stepsB={b.steps}
          runA={a.run.id}
          runB={b.run.id}
          firstDivergence={firstDivergence}
          selectedRow={selection.row}
          selectedA={selection.a}
          selectedB={selection.b}
          decisiveA={comparison.verdicts.a.decisiveStepId}
          decisiveB={comparison.verdicts.b.decisiveStepId}
          onSelect={onSelect}
        />
      </section>

      <CompareCanvases a={a} b={b} selectedA={selection.a} selectedB={selection.b} onSelect={onSelect} />
    </main>
  );
}

/** First row of the previous or next window (approximate: by row index, which is what `from` takes). */
function windowRow(visible: { items: { type: string; index?: number }[] }, rowCount: number, direction: -1 | 1): number {
  const indexes = visible.items.flatMap((i) => (i.type === "row" && i.index !== undefined ? [i.index] : []));
  const span = indexes.length ? indexes[indexes.length - 1] - indexes[0] + 1 : 0;
  const start = indexes[0] ?? 0;
  return Math.max(0, Math.min(rowCount - 1, start + direction * span));
}
