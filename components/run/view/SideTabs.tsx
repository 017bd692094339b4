"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Selection } from "@/lib/view/view-state";
import styles from "../run.module.css";

/**
 * The side column on narrower screens: the inspector and the agents panel as two tabs. Selecting
 * anything (on the canvas, the timeline, a link, a blame row) brings the inspector to the front,
 * except from inside an element marked `data-keep-tab` (a trajectory flag, the label form), where
 * the person is still working in the agents panel.
 */
export function SideTabs({
  selection,
  inspector,
  agents,
}: {
  selection: Selection;
  inspector: ReactNode;
  agents: ReactNode;
}) {
  const [tab, setTab] = useState<"inspector" | "agents">("inspector");
  const keep = useRef(false);
  const key = selection ? `${selection.type}:${selection.id}` : "";
  useEffect(() => {
    if (key && !keep.current) setTab("inspector");
    keep.current = false;
  }, [key]);
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label="Side panel">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "inspector"}
          onClick={() => setTab("inspector")}
          data-testid="tab-inspector"
        >
          Details
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "agents"}
          onClick={() => setTab("agents")}
          data-testid="tab-agents"
        >
          Agents &amp; labels
        </button>
      </div>
      <div
        role="tabpanel"
        onPointerDownCapture={(e) => {
          keep.current = Boolean((e.target as HTMLElement).closest("[data-keep-tab]"));
        }}
      >
        {tab === "inspector" ? inspector : agents}
      </div>
    </>
  );
}
