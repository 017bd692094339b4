"use client";
import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { StepFlowNode } from "@/lib/view/flow-types";
import styles from "../canvas.module.css";

import { markTag } from "./mark-tag";

/**
 * One step: its agent (the main label, STEP_LABEL_PX), its step number, its mark's badge, and what
 * it did (tool or name, then the start of its content).
 */
function StepNodeView({ data, selected }: NodeProps<StepFlowNode>) {
  const tag = markTag(data.mark, data.suspectRank);
  return (
    <div
      className={`${styles.step} ${styles[data.mark] ?? ""} ${selected ? styles.selected : ""}`}
      data-testid={`step-node-${data.stepId}`}
      data-mark={data.mark}
      data-step-number={data.number}
      data-decisive={data.mark === "origin" ? "true" : undefined}
      data-suspect-rank={data.suspectRank}
      title={`step ${data.number} · ${data.agent} · ${data.action}`}
    >
      <Handle type="target" position={Position.Left} className={styles.handle} isConnectable={false} />
      <div className={styles.stepHead}>
        {data.aggregates ? (
          <span className={styles.diamond} aria-label="aggregation node" title="aggregates several inputs">
            ◆
          </span>
        ) : null}
        <span className={styles.title} data-testid="node-label">
          {data.agent}
        </span>
        <span className={styles.stepNum}>step {data.number}</span>
      </div>
      <div className={styles.preview}>
        {tag ? <span className={`${styles.tag} ${styles[data.mark]}`}>{tag}</span> : null}
        <span className={styles.action}>{data.action}</span>
        {data.stateKey ? ` [${data.stateKey}]` : ""}
        {data.preview ? ` — ${data.preview}` : ""}
      </div>
      <Handle type="source" position={Position.Right} className={styles.handle} isConnectable={false} />
    </div>
  );
}

export const StepNode = memo(StepNodeView);
