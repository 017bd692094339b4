"use client";
import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { GroupFlowNode } from "@/lib/view/flow-types";
import styles from "../canvas.module.css";

/** A collapsed run of unremarkable steps of one agent; clicking it expands the run. */
function GroupNodeView({ data }: NodeProps<GroupFlowNode>) {
  return (
    <div
      className={data.carried > 0 ? `${styles.group} ${styles.groupCarried}` : styles.group}
      data-testid="group-node"
      title={
        data.carried > 0
          ? `Collapsed steps, ${data.carried} of them carried corruption off the propagation path: click to expand`
          : "Collapsed steps: click to expand"
      }
    >
      <Handle type="target" position={Position.Left} className={styles.handle} isConnectable={false} />
      <strong>⋯ {data.stepIds.length} steps</strong>
      <span>
        #{data.firstIdx + 1}–#{data.lastIdx + 1}
        {/* Two short lines fit the node: the carried count replaces the hint (still in the title). */}
        {data.carried > 0 ? ` · ${data.carried} carried` : " · click to expand"}
      </span>
      <Handle type="source" position={Position.Right} className={styles.handle} isConnectable={false} />
    </div>
  );
}

export const GroupNode = memo(GroupNodeView);
