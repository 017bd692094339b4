"use client";
import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { GroupFlowNode } from "@/lib/view/flow-types";
import styles from "../canvas.module.css";

/** A collapsed run of unremarkable steps of one agent; clicking it expands the run. */
function GroupNodeView({ data }: NodeProps<GroupFlowNode>) {
  const carried = data.carried > 0;
  return (
    <div
      className={carried ? `${styles.group} ${styles.groupCarried}` : styles.group}
      data-testid="group-node"
      title={
        carried
          ? `Collapsed steps, ${data.carried} of them carried corruption off the propagation path: click to expand`
          : "Collapsed steps: click to expand"
      }
    >
      <Handle type="target" position={Position.Left} className={styles.handle} isConnectable={false} />
      <strong data-testid="node-label">
        {data.agent} · ⋯ {data.stepIds.length} steps
      </strong>
      <span>
        steps {data.firstIdx + 1}–{data.lastIdx + 1}
        {carried ? ` · ${data.carried} carried` : " · click to expand"}
      </span>
      <Handle type="source" position={Position.Right} className={styles.handle} isConnectable={false} />
    </div>
  );
}

export const GroupNode = memo(GroupNodeView);
