"use client";
import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { GroupFlowNode } from "@/lib/view/flow-types";
import styles from "../canvas.module.css";

/** A collapsed run of unremarkable steps of one agent; clicking it expands the run. */
function GroupNodeView({ data }: NodeProps<GroupFlowNode>) {
  return (
    <div className={styles.group} data-testid="group-node" title="Collapsed steps: click to expand">
      <Handle type="target" position={Position.Left} className={styles.handle} isConnectable={false} />
      <strong>⋯ {data.stepIds.length} steps</strong>
      <span>
        #{data.firstIdx + 1}–#{data.lastIdx + 1} · click to expand
      </span>
      <Handle type="source" position={Position.Right} className={styles.handle} isConnectable={false} />
    </div>
  );
}

export const GroupNode = memo(GroupNodeView);
