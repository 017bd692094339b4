"use client";
import { useEffect, useState, type ReactNode } from "react";
import type { Selection } from "@/lib/view/view-state";
import styles from "../run.module.css";

/**
 * The side column on narrower screens: the inspector and the agents panel as two tabs. Selecting
 * anything (on the canvas, the timeline, a link) brings the inspector back to the front.
 */
export function SideTabs({ selection, inspector, agents }: { selection: Selection; inspector: ReactNode; agents: ReactNode }) {
  const [tab, setTab] = useState<"inspector" | "agents">("inspector");
  const key = selection ? `${selection.type}:${selection.id}` : "";
  useEffect(() => {
    if (key) setTab("inspector");
  }, [key]);
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label="Side panel">
        <button type="button" role="tab" aria-selected={tab === "inspector"} onClick={() => setTab("inspector")} data-testid="tab-inspector">
          Details
        </button>
        <button type="button" role="tab" aria-selected={tab === "agents"} onClick={() => setTab("agents")} data-testid="tab-agents">
          Agents &amp; labels
        </button>
      </div>
      <div role="tabpanel">{tab === "inspector" ? inspector : agents}</div>
    </>
  );
}
