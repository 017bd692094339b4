"use client";
import { useEffect, useState } from "react";
import type { AlignedRow } from "@/lib/compare";
import type { Side } from "@/lib/compare/compare-view-state";
import type { ViewStep } from "@/lib/view/types";
import styles from "./compare.module.css";

/** Characters of each side's text quoted in the callout. */
const QUOTE_CHARS = 90;

export interface FirstDivergenceProps {
  row: AlignedRow;
  rowIndex: number;
  stepsA: ViewStep[];
  stepsB: ViewStep[];
  onSelect: (side: Side, stepId: string) => void;
}

/**
 * Where the runs first behaved differently: the row, both sides quoted, and a button that selects
 * it and scrolls the aligned steps to it (the canvases below follow the selection).
 */
export function FirstDivergence({ row, rowIndex, stepsA, stepsB, onSelect }: FirstDivergenceProps) {
  const side: Side = row.aStepId ? "a" : "b";
  // Scrolls once the selection has rendered (the row may only then enter the shown window).
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    // The row is `display: contents` (its cells sit in the table's grid): scroll to its first cell.
    const row = document.querySelector(`[data-testid="aligned-row"][data-row="${rowIndex}"]`);
    if (asked > 0) row?.firstElementChild?.scrollIntoView({ block: "center" });
  }, [asked, rowIndex]);
  const select = () => {
    onSelect(side, (row.aStepId ?? row.bStepId)!);
    setAsked((n) => n + 1);
  };
  const why =
    row.note ||
    (row.status === "only-a"
      ? "only run A has this step"
      : row.status === "only-b"
        ? "only run B has this step"
        : "content differs");
  return (
    <div className={`alert ${styles.divergence}`} data-testid="first-divergence">
      <b>First divergence at row {rowIndex + 1}</b> — {why}.
      <ul className={styles.quotes}>
        <Quote label="A" step={row.a === null ? null : stepsA[row.a]} number={row.a} />
        <Quote label="B" step={row.b === null ? null : stepsB[row.b]} number={row.b} />
      </ul>
      <button type="button" className="button" onClick={select} data-testid="select-first-divergence">
        Select it
      </button>
    </div>
  );
}

function Quote({ label, step, number }: { label: string; step: ViewStep | null; number: number | null }) {
  if (!step || number === null) return <li>{label}: nothing at this point</li>;
  const text = (step.content || step.error?.message || step.tool?.result || step.name || "")
    .replace(/\s+/g, " ")
    .trim();
  const quote = text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text;
  return (
    <li>
      {label}: {step.agent}, step {number + 1}
      {quote ? <q>{quote}</q> : null}
    </li>
  );
}
