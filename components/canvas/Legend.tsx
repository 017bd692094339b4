"use client";
import { useState } from "react";
import { markerId } from "./edges/EdgeMarkers";
import { EDGE_TOKEN, paint } from "@/components/theme/colours";
import styles from "./canvas.module.css";

function Line({ dash, marker }: { dash?: string; marker: "arrow" | "hollow" }) {
  return (
    <svg width="44" height="10" aria-hidden>
      <line
        x1="2"
        y1="5"
        x2="36"
        y2="5"
        style={{ stroke: paint(EDGE_TOKEN.plain), strokeWidth: 1.5, strokeDasharray: dash }}
        markerEnd={`url(#${markerId(marker, "plain")})`}
      />
    </svg>
  );
}

/**
 * Key to the four channel styles and the step marks. A toggle in the canvas corner: expanded by
 * default only on large canvases, so it never hides the graph on small screens. The engine's own
 * links (an agent's memory of its earlier steps, a nested agent's return to its invoker) are drawn
 * only where the corruption travelled along them, dotted; the key says so.
 */
export function Legend({ defaultOpen }: { defaultOpen: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className={styles.legendBox} data-testid="canvas-legend" aria-label="Legend">
      <button
        type="button"
        className={styles.legendToggle}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="legend-toggle"
      >
        {open ? "Key ▾" : "Key ▸"}
      </button>
      {open ? (
        <div className={styles.legend}>
          <Line marker="arrow" />
          <span>message</span>
          <Line marker="arrow" dash="6 4" />
          <span>shared state (key)</span>
          <span style={{ textAlign: "center" }}>→ ◆</span>
          <span>aggregation</span>
          <Line marker="hollow" />
          <span>delegation</span>
          <svg width="44" height="10" aria-hidden>
            <line x1="2" y1="5" x2="40" y2="5" style={{ stroke: paint(EDGE_TOKEN.path), strokeWidth: 3 }} />
          </svg>
          <span>corruption path</span>
          <svg width="44" height="10" aria-hidden>
            <line
              x1="2"
              y1="5"
              x2="40"
              y2="5"
              style={{ stroke: paint(EDGE_TOKEN.path), strokeWidth: 2.5, strokeDasharray: "2 3" }}
            />
          </svg>
          <span title="The engine also links each agent to its own earlier steps and a nested agent to its invoker; those links are drawn only where the corruption travelled along them.">
            path hop the engine inferred
          </span>
          <span className={`${styles.tag} ${styles.origin}`}>✕ root cause</span>
          <span>fault origin</span>
          <span className={`${styles.tag} ${styles.carried}`}>↯ carried</span>
          <span>carried corruption</span>
          <span className={`${styles.tag} ${styles.repair}`}>✓ repair</span>
          <span>repair attempt</span>
          <span className={styles.legendNote}>
            Not drawn: the engine&apos;s memory and return links off the corruption path.
          </span>
        </div>
      ) : null}
    </div>
  );
}
