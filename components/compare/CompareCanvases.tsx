"use client";
import { useCallback, useMemo, useState } from "react";
import dynamic from "next/dynamic";
import { indexReport } from "@/lib/view/index-report";
import type { RunViewData } from "@/lib/view/types";
import { DEFAULT_VIEW_STATE, type Selection, type ViewState } from "@/lib/view/view-state";
import type { Side } from "@/lib/compare/compare-view-state";
import styles from "./compare.module.css";

// React Flow in its own chunk, as on the run page (see RunView.tsx).
const RunCanvas = dynamic(() => import("@/components/canvas/RunCanvas").then((m) => m.RunCanvas), { ssr: false });

/** The run page's step canvas, twice; each follows the shared selection and reports clicks on steps. */
export function CompareCanvases({
  a,
  b,
  selectedA,
  selectedB,
  onSelect,
}: {
  a: RunViewData;
  b: RunViewData;
  selectedA: string | null;
  selectedB: string | null;
  onSelect: (side: Side, stepId: string) => void;
}) {
  return (
    <div className={styles.canvases}>
      <SideCanvas side="a" data={a} selected={selectedA} onSelect={onSelect} />
      <SideCanvas side="b" data={b} selected={selectedB} onSelect={onSelect} />
    </div>
  );
}

function SideCanvas({
  side,
  data,
  selected,
  onSelect,
}: {
  side: Side;
  data: RunViewData;
  selected: string | null;
  onSelect: (side: Side, stepId: string) => void;
}) {
  const index = useMemo(() => indexReport(data.report, data.edges), [data.report, data.edges]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const state: ViewState = useMemo(
    () => ({ ...DEFAULT_VIEW_STATE, mode: "steps", selection: selected ? { type: "step", id: selected } : null }),
    [selected],
  );
  const select = useCallback(
    (selection: Selection) => {
      if (selection?.type === "step") onSelect(side, selection.id);
    },
    [onSelect, side],
  );
  const toggleGroup = useCallback(
    (groupId: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (next.has(groupId)) next.delete(groupId);
        else next.add(groupId);
        return next;
      }),
    [],
  );
  return (
    <section className={styles.canvasBox} data-testid={`canvas-${side}`} data-selected-step={selected ?? undefined}>
      <header>
        <span className={styles.sideTag}>{side.toUpperCase()}</span>
        <span>{data.run.title}</span>
      </header>
      <div className={styles.canvasBody}>
        <RunCanvas
          mode="steps"
          data={data}
          index={index}
          state={state}
          expanded={expanded}
          onSelect={select}
          onToggleGroup={toggleGroup}
        />
      </div>
    </section>
  );
}
