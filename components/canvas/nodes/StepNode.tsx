"use client";
import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { StepFlowNode } from "@/lib/view/flow-types";
import styles from "../canvas.module.css";

import { MARK_TAG } from "./mark-tag";

export { MARK_TAG };

function StepNodeView({ data, selected }: NodeProps<StepFlowNode>) {
  const tag = MARK_TAG[data.mark];
  return (
    <div
      className={`${styles.step} ${styles[data.mark] ?? ""} ${selected ? styles.selected : ""}`}
      data-testid={`step-node-${data.stepId}`}
      data-mark={data.mark}
      data-decisive={data.mark === "origin" ? "true" : undefined}
      title={`${data.stepId} · ${data.agent} · ${data.kind}`}
    >
      <Handle type="target" position={Position.Left} className={styles.handle} isConnectable={false} />
      <div className={styles.stepHead}>
        {data.aggregates ? (
          <span className={styles.diamond} aria-label="aggregation node" title="aggregates several inputs">
            ◆
          </span>
        ) : null}
        <span className={styles.title}>{data.title}</span>
        {tag ? <span className={`${styles.tag} ${styles[data.mark]}`}>{tag}</span> : null}
      </div>
      <div className={styles.preview}>
        {data.stateKey ? `[${data.stateKey}] ` : ""}
        {data.preview}
      </div>
      <Handle type="source" position={Position.Right} className={styles.handle} isConnectable={false} />
    </div>
  );
}

export const StepNode = memo(StepNodeView);
