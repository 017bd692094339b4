"use client";
import { useState } from "react";
import { markerId } from "./edges/EdgeMarkers";
import { EDGE_TOKEN, paint } from "@/components/theme/colours";
import { MARK_TAG } from "./nodes/mark-tag";
import styles from "./canvas.module.css";

/** A sample of one line style: a channel (with its arrowhead) or the corruption path (thick, no head). */
function Line({ dash, marker, path }: { dash?: string; marker?: "arrow" | "hollow"; path?: boolean }) {
  return (
    <svg width="44" height="10" aria-hidden>
      <line
        x1="2"
        y1="5"
        x2={marker ? 36 : 40}
        y2="5"
        style={{
          stroke: paint(EDGE_TOKEN[path ? "path" : "plain"]),
          strokeWidth: path ? (dash ? 2.5 : 3) : 1.5,
          strokeDasharray: dash,
        }}
        markerEnd={marker ? `url(#${markerId(marker, "plain")})` : undefined}
      />
    </svg>
  );
}

/**
 * Key to the four channel styles and the step marks. A toggle in the canvas corner: expanded by
 * default only on large canvases, so it never hides the graph on small screens. The engine's own
 * links (an agent's memory of its earlier steps, a nested agent's return to its invoker) are drawn
 * only where the corruption travelled along them, dotted; the key says so. When the verdict names
 * suspects only, the key explains the suspect badge instead of the root cause's.
 */
export function Legend({ defaultOpen, suspects }: { defaultOpen: boolean; suspects: boolean }) {
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
          <Line path />
          <span>corruption path</span>
          <Line path dash="2 3" />
          <span title="The engine also links each agent to its own earlier steps and a nested agent to its invoker; those links are drawn only where the corruption travelled along them.">
            path hop the engine inferred
          </span>
          {suspects ? (
            <>
              <span className={`${styles.tag} ${styles.suspect}`}>{MARK_TAG.suspect} 1</span>
              <span>suspect, most likely first</span>
            </>
          ) : (
            <>
              <span className={`${styles.tag} ${styles.origin}`}>{MARK_TAG.origin}</span>
              <span>fault origin</span>
            </>
          )}
          <span className={`${styles.tag} ${styles.carried}`}>{MARK_TAG.carried}</span>
          <span>carried corruption</span>
          <span className={`${styles.tag} ${styles.repair}`}>{MARK_TAG.repair}</span>
          <span>repair attempt</span>
          <span className={styles.legendNote}>
            Not drawn: the engine&apos;s memory and return links off the corruption path.
          </span>
        </div>
      ) : null}
    </div>
  );
}
