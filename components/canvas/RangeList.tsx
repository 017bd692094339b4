"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import { stepMark, type ReportIndex } from "@/lib/view/index-report";
import { stepAction } from "@/lib/view/step-label";
import type { CanvasStep } from "@/lib/view/types";
import type { Selection } from "@/lib/view/view-state";
import { markTag } from "./nodes/mark-tag";
import styles from "./canvas.module.css";

/** Row height (CSS `.rangeRow` matches): the list renders only the rows in view. */
const ROW = 30;
const OVERSCAN = 8;

export interface RangeListProps {
  steps: CanvasStep[];
  offset: number;
  range: [number, number];
  index: ReportIndex;
  selectedStepId: string | null;
  onSelect: (selection: Selection) => void;
}

/**
 * A brushed window as a list a person can read: one row per step (number, agent, what it did, its
 * mark), beside the graph. Virtualized, so a window of a thousand steps costs a screenful of rows.
 */
export function RangeList({ steps, offset, range, index, selectedStepId, onSelect }: RangeListProps) {
  const rows = useMemo(
    () => steps.map((s, i) => ({ s, n: offset + i + 1 })).filter(({ n }) => n - 1 >= range[0] && n - 1 <= range[1]),
    [steps, offset, range],
  );
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 1200 });
  useEffect(() => {
    const at = rows.findIndex((r) => r.s.id === selectedStepId);
    const el = box.current;
    if (at < 0 || !el) return;
    if (at * ROW < el.scrollTop || (at + 1) * ROW > el.scrollTop + el.clientHeight)
      el.scrollTop = at * ROW - el.clientHeight / 3;
  }, [rows, selectedStepId]);
  const first = Math.max(0, Math.floor(view.top / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW) + OVERSCAN);
  return (
    <div className={styles.rangeList} data-testid="range-list" aria-label={`Steps ${range[0] + 1}–${range[1] + 1}`}>
      <div className={styles.rangeHead}>
        Steps {range[0] + 1}–{range[1] + 1} · {rows.length} shown
      </div>
      <div
        ref={box}
        className={styles.rangeScroll}
        onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
      >
        <div style={{ height: rows.length * ROW, position: "relative" }}>
          {rows.slice(first, last).map(({ s, n }, k) => {
            const mark = stepMark(index, s.id, s.status);
            const tag = markTag(mark, index.suspectRank.get(s.id));
            return (
              <button
                type="button"
                key={s.id}
                className={`${styles.rangeRow} ${s.id === selectedStepId ? styles.rangeSelected : ""}`}
                style={{ top: (first + k) * ROW }}
                onClick={() => onSelect({ type: "step", id: s.id })}
                data-testid="range-row"
                title={`step ${n} · ${s.agent} · ${s.preview ?? ""}`}
              >
                <span className={styles.rangeNum}>step {n}</span>
                <b>{s.agent}</b>
                {tag ? <span className={`${styles.tag} ${styles[mark]}`}>{tag}</span> : null}
                <span className={styles.rangeText}>
                  {stepAction(s)} — {s.preview ?? ""}
                </span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
