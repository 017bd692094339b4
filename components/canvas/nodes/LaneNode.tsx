"use client";
import { memo } from "react";
import type { NodeProps } from "@xyflow/react";
import type { LaneFlowNode } from "@/lib/view/flow-types";
import styles from "../canvas.module.css";

/** The agent label at the left of its swimlane, with its culprit/victim badge. */
function LaneNodeView({ data }: NodeProps<LaneFlowNode>) {
  return (
    <div className={`${styles.lane} ${data.isCulprit ? styles.culprit : data.isVictim ? styles.victim : ""}`} data-testid={`lane-${data.agent}`}>
      <span data-testid="node-label">{data.agent}</span>
      {data.isCulprit ? (
        <span className="badge culprit">✕ culprit</span>
      ) : data.isVictim ? (
        <span className="badge propagator">↯ victim</span>
      ) : data.role === "repairer" ? (
        <span className="badge repairer">✓ repairer</span>
      ) : null}
    </div>
  );
}

export const LaneNode = memo(LaneNodeView);
