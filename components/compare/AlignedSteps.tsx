"use client";
import { memo } from "react";
import Link from "next/link";
import type { AlignedRow, RowStatus } from "@/lib/compare";
import type { Side } from "@/lib/compare/compare-view-state";
import type { VisibleItem } from "@/lib/compare/visible-rows";
import type { ViewStep } from "@/lib/view/types";
import styles from "./compare.module.css";

const STATUS_LABEL: Record<RowStatus, string> = {
  same: "=",
  equivalent: "≈",
  changed: "changed",
  "only-a": "only in A",
  "only-b": "only in B",
  granularity: "format",
};

export interface AlignedStepsProps {
  rows: AlignedRow[];
  items: VisibleItem[];
  stepsA: ViewStep[];
  stepsB: ViewStep[];
  runA: string;
  runB: string;
  firstDivergence: number | null;
  selectedRow: number | null;
  selectedA: string | null;
  selectedB: string | null;
  decisiveA: string | null;
  decisiveB: string | null;
  onSelect: (side: Side, stepId: string) => void;
}

/** The aligned step list: A's step, how the pair compares, B's step. Clicking either side selects the pair. */
export function AlignedSteps(p: AlignedStepsProps) {
  return (
    <div className={styles.rows} role="table" aria-label="Aligned steps" data-testid="aligned-steps">
      <div className={styles.head} role="row">
        <div role="columnheader">#</div>
        <div role="columnheader">Run A</div>
        <div role="columnheader" style={{ textAlign: "center" }}>
          Pair
        </div>
        <div role="columnheader">Run B</div>
      </div>
      {p.items.length === 0 ? <div className={styles.gap}>No row matches these filters.</div> : null}
      {p.items.map((item, k) =>
        item.type === "gap" ? (
          <div key={`gap-${k}`} className={styles.gap}>
            … {item.hidden} matching {item.hidden === 1 ? "row" : "rows"} …
          </div>
        ) : (
          <Row key={item.index} index={item.index} {...p} />
        ),
      )}
    </div>
  );
}

const Row = memo(function Row({
  index,
  rows,
  stepsA,
  stepsB,
  runA,
  runB,
  firstDivergence,
  selectedRow,
  selectedA,
  selectedB,
  decisiveA,
  decisiveB,
  onSelect,
}: AlignedStepsProps & { index: number }) {
  const row = rows[index];
  const classes = [
    styles.row,
    row.divergent ? styles.divergentRow : "",
    index === firstDivergence ? styles.firstRow : "",
    index === selectedRow ? styles.selectedRow : "",
  ].join(" ");
  return (
    <div
      className={classes}
      role="row"
      data-testid="aligned-row"
      data-row={index}
      data-status={row.status}
      data-first-divergence={index === firstDivergence || undefined}
    >
      <div className={styles.rowNum} role="cell">
        {index + 1}
      </div>
      <Cell
        side="a"
        number={row.a === null ? 0 : row.a + 1}
        step={row.a === null ? null : stepsA[row.a]}
        runId={runA}
        selected={row.aStepId !== null && row.aStepId === selectedA}
        decisive={row.aStepId !== null && row.aStepId === decisiveA}
        onSelect={onSelect}
      />
      <div className={`${styles.status} ${styles[`st-${row.status}`]}`} role="cell" title={row.note || undefined}>
        <span>{index === firstDivergence ? "first divergence" : STATUS_LABEL[row.status]}</span>
        {row.note ? <span className={styles.note}>{row.note}</span> : null}
      </div>
      <Cell
        side="b"
        number={row.b === null ? 0 : row.b + 1}
        step={row.b === null ? null : stepsB[row.b]}
        runId={runB}
        selected={row.bStepId !== null && row.bStepId === selectedB}
        decisive={row.bStepId !== null && row.bStepId === decisiveB}
        onSelect={onSelect}
      />
    </div>
  );
});

function Cell({
  side,
  number,
  step,
  runId,
  selected,
  decisive,
  onSelect,
}: {
  side: Side;
  /** The step's 1-based position in its run ("step N"). */
  number: number;
  step: ViewStep | null;
  runId: string;
  selected: boolean;
  decisive: boolean;
  onSelect: (side: Side, stepId: string) => void;
}) {
  if (!step)
    return (
      <div
        className={`${styles.cell} ${styles.empty}`}
        role="cell"
        aria-label={`nothing in run ${side.toUpperCase()}`}
      />
    );
  return (
    <div
      className={`${styles.cell} ${selected ? styles.selected : ""} ${decisive ? styles.culpritStep : ""}`}
      role="cell"
      tabIndex={0}
      data-testid={`step-${side}`}
      data-step-id={step.id}
      data-selected={selected || undefined}
      onClick={() => onSelect(side, step.id)}
      onKeyDown={(e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          onSelect(side, step.id);
        }
      }}
    >
      <span className={styles.cellText}>
        <span className={styles.cellHead}>
          <span className={styles.kind}>step {number}</span>
          <span className={styles.agent}>{step.agent}</span>
          <span className={styles.kind}>
            {step.kind}
            {step.tool ? ` ${step.tool.name}` : ""}
            {step.status === "error" ? " ✕" : ""}
          </span>
        </span>
        <span className={styles.preview}>{preview(step)}</span>
      </span>
      <Link
        className={styles.deep}
        href={`/runs/${runId}?step=${encodeURIComponent(step.id)}`}
        onClick={(e) => e.stopPropagation()}
        title={`Open step ${number} in run ${side.toUpperCase()}`}
        aria-label={`Open step ${number} in run ${side.toUpperCase()}`}
      >
        ↗
      </Link>
    </div>
  );
}

function preview(step: ViewStep): string {
  const text =
    step.content ||
    step.error?.message ||
    step.tool?.result ||
    (step.state ? `${step.state.op} ${step.state.key}` : "") ||
    step.name ||
    "";
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
