"use client";
import { memo } from "react";
import type { NodeProps } from "@xyflow/react";
import type { LaneFlowNode } from "@/lib/view/flow-types";
import { STANDING_LABEL, STANDING_ROLE } from "@/lib/view/agent-standing";
import styles from "../canvas.module.css";

/** The agent label at the left of its swimlane, with its culprit/victim badge. */
function LaneNodeView({ data }: NodeProps<LaneFlowNode>) {
  return (
    <div
      className={`${styles.lane} ${data.isCulprit ? styles.culprit : data.isVictim ? styles.victim : ""}`}
      data-testid={`lane-${data.agent}`}
    >
      <span data-testid="node-label">{data.agent}</span>
      {data.standing !== "bystander" && data.standing !== "propagator" ? (
        <span className={`badge ${STANDING_ROLE[data.standing]}`}>{STANDING_LABEL[data.standing]}</span>
      ) : null}
    </div>
  );
}

export const LaneNode = memo(LaneNodeView);
