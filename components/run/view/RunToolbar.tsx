"use client";
import type { TEdgeKind } from "@/lib/trace/schema";
import { ALL_EDGE_KINDS, type CanvasMode, type ViewState } from "@/lib/view/view-state";
import styles from "../run.module.css";

const KIND_LABEL: Record<TEdgeKind, string> = {
  message: "── message",
  state: "┄ state",
  aggregation: "→◆ aggregation",
  delegation: "▷ delegation",
};

export interface RunToolbarProps {
  mode: CanvasMode;
  state: ViewState;
  setMode: (mode: CanvasMode) => void;
  toggleKind: (kind: TEdgeKind) => void;
  loading: boolean;
  onDecisive: (() => void) | null;
  /** The verdict names suspects only: `d` selects the top suspect, not a decisive step. */
  decisiveIsSuspect: boolean;
}

/** Above the canvas, on one line: mode, edge-kind filters, loading note, decisive step. */
export function RunToolbar({
  mode,
  state,
  setMode,
  toggleKind,
  loading,
  onDecisive,
  decisiveIsSuspect,
}: RunToolbarProps) {
  const decisiveWord = decisiveIsSuspect ? "Top suspect" : "Decisive step";
  return (
    <div className={styles.toolbar}>
      <div className={styles.seg} role="group" aria-label="Canvas mode">
        <button
          type="button"
          aria-pressed={mode === "agents"}
          onClick={() => setMode("agents")}
          data-testid="mode-agents"
        >
          Agents
        </button>
        <button type="button" aria-pressed={mode === "steps"} onClick={() => setMode("steps")} data-testid="mode-steps">
          Steps
        </button>
      </div>
      <span className={`muted ${styles.hideNarrow}`}>edges:</span>
      {ALL_EDGE_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className={styles.chip}
          aria-pressed={state.kinds.includes(kind)}
          onClick={() => toggleKind(kind)}
          data-testid={`kind-filter-${kind}`}
        >
          {KIND_LABEL[kind]}
        </button>
      ))}
      <span className="spacer" />
      {loading ? (
        <span className="muted" role="status" data-testid="window-loading">
          Loading steps…
        </span>
      ) : null}
      {onDecisive ? (
        <button
          type="button"
          className={`button ${styles.toolButton}`}
          onClick={onDecisive}
          data-testid="goto-decisive"
          title={`Select the ${decisiveWord.toLowerCase()} (d)`}
        >
          {decisiveWord} <kbd>d</kbd>
        </button>
      ) : null}
    </div>
  );
}
