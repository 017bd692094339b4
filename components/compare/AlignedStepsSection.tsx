"use client";
import type { RunComparison } from "@/lib/compare";
import type { CompareViewState, SelectionInRows, Side } from "@/lib/compare/compare-view-state";
import type { visibleRows } from "@/lib/compare/visible-rows";
import type { RunViewData } from "@/lib/view/types";
import { AlignedSteps } from "./AlignedSteps";
import styles from "./compare.module.css";

export interface AlignedStepsSectionProps {
  a: RunViewData;
  b: RunViewData;
  comparison: RunComparison;
  state: CompareViewState;
  update: (patch: Partial<CompareViewState>) => void;
  selection: SelectionInRows;
  visible: ReturnType<typeof visibleRows>;
  onSelect: (side: Side, stepId: string) => void;
}

/** The aligned step list with its filters (all rows or differences, one agent) and paging. */
export function AlignedStepsSection({
  a,
  b,
  comparison,
  state,
  update,
  selection,
  visible,
  onSelect,
}: AlignedStepsSectionProps) {
  const { rows, firstDivergence, agents } = comparison.alignment;
  return (
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
          <select
            value={state.agent ?? ""}
            onChange={(e) => update({ agent: e.target.value || null, from: null })}
            data-testid="agent-filter"
          >
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
          <Paging visible={visible} rowCount={rows.length} update={update} />
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
  );
}

type Visible = ReturnType<typeof visibleRows>;

function Paging({
  visible,
  rowCount,
  update,
}: {
  visible: Visible;
  rowCount: number;
  update: (patch: Partial<CompareViewState>) => void;
}) {
  return (
    <span className="row" style={{ gap: 6 }}>
      <span className="muted">
        rows {visible.start + 1}–{visible.end} of {visible.total}
      </span>
      <button
        type="button"
        className="button"
        disabled={visible.start === 0}
        onClick={() => update({ from: windowRow(visible, rowCount, -1) })}
      >
        Earlier
      </button>
      <button
        type="button"
        className="button"
        disabled={visible.end >= visible.total}
        onClick={() => update({ from: windowRow(visible, rowCount, 1) })}
      >
        Later
      </button>
    </span>
  );
}

/** First row of the previous or next window (approximate: by row index, which is what `from` takes). */
function windowRow(
  visible: { items: { type: string; index?: number }[] },
  rowCount: number,
  direction: -1 | 1,
): number {
  const indexes = visible.items.flatMap((i) => (i.type === "row" && i.index !== undefined ? [i.index] : []));
  const span = indexes.length ? indexes[indexes.length - 1] - indexes[0] + 1 : 0;
  const start = indexes[0] ?? 0;
  return Math.max(0, Math.min(rowCount - 1, start + direction * span));
}
