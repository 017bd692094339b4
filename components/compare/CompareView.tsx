"use client";
import Link from "next/link";
import type { RunComparison } from "@/lib/compare";
import { comparability } from "@/lib/compare/comparability";
import type { CompareViewState } from "@/lib/compare/compare-view-state";
import type { RunViewData } from "@/lib/view/types";
import { AlignedStepsSection } from "./AlignedStepsSection";
import { BlameDeltaChart } from "./BlameDeltaChart";
import { CompareCanvases } from "./CompareCanvases";
import { EqualBudgetChart } from "./EqualBudgetChart";
import { FirstDivergence } from "./FirstDivergence";
import { MetricDeltas } from "./MetricDeltas";
import { VerdictPair } from "./VerdictPair";
import { useCompareState } from "./use-compare-state";

export interface CompareViewProps {
  a: RunViewData;
  b: RunViewData;
  comparison: RunComparison;
  initialState: CompareViewState;
}

/**
 * The compare page: verdicts, first divergence, blame deltas, the aligned step list and two
 * canvases. All view state is in the URL, so a reload or a pasted link restores the selection and
 * filters. Runs that cannot be compared step by step (two systems, two tasks) get a notice instead
 * of a first divergence.
 */
export function CompareView({ a, b, comparison, initialState }: CompareViewProps) {
  const { state, update, selection, onSelect, visible, swapHref } = useCompareState(a, b, comparison, initialState);
  const { rows, firstDivergence, counts } = comparison.alignment;
  const comparable = comparability(a.run, b.run, comparison.alignment.agents);
  const divergent = counts.changed + counts["only-a"] + counts["only-b"];
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
      {comparable.kind !== "comparable" ? (
        <div className="alert" role="note" data-testid="compare-notice" data-kind={comparable.kind}>
          {comparable.message}
        </div>
      ) : null}
      <VerdictPair a={a} b={b} comparison={comparison} />
      {comparable.kind !== "comparable" ? null : firstDivergence !== null ? (
        <FirstDivergence
          row={rows[firstDivergence]}
          rowIndex={firstDivergence}
          stepsA={a.steps}
          stepsB={b.steps}
          onSelect={onSelect}
        />
      ) : (
        <div className="alert" data-testid="no-divergence">
          The runs never diverge: every step pairs up (differences of format aside).
        </div>
      )}
      <section className="card stack" style={{ gap: 8 }}>
        <h2>Blame per agent, A → B</h2>
        <BlameDeltaChart
          rows={comparison.agents}
          onSelectAgent={(key) => update({ agent: state.agent === key ? null : key, from: null })}
        />
      </section>
      <section className="card stack" style={{ gap: 8 }} data-testid="trajectory-compare">
        <h2>At equal budget</h2>
        {comparison.equalBudget ? (
          <EqualBudgetChart view={comparison.equalBudget} />
        ) : (
          <p className="muted">A run has no steps.</p>
        )}
        <h2>Trajectory, A → B</h2>
        <MetricDeltas rows={comparison.metrics} />
      </section>
      <AlignedStepsSection
        a={a}
        b={b}
        comparison={comparison}
        state={state}
        update={update}
        selection={selection}
        visible={visible}
        onSelect={onSelect}
      />
      <CompareCanvases a={a} b={b} selectedA={selection.a} selectedB={selection.b} onSelect={onSelect} />
    </main>
  );
}
