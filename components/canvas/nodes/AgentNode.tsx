"use client";
import { memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import type { AgentFlowNode } from "@/lib/view/flow-types";
import { formatCount } from "@/lib/format/numbers";
import { STANDING_LABEL, STANDING_ROLE } from "@/lib/view/agent-standing";
import styles from "../canvas.module.css";

function AgentNodeView({ data, selected }: NodeProps<AgentFlowNode>) {
  const cls = data.isCulprit
    ? styles.culprit
    : data.isVictim
      ? styles.victim
      : data.role === "repairer"
        ? styles.repairer
        : "";
  return (
    <div
      className={`${styles.agent} ${cls} ${selected ? styles.selected : ""}`}
      data-testid={`agent-node-${data.agent}`}
      data-role={data.role}
      data-standing={data.standing}
    >
      <Handle type="target" position={Position.Left} className={styles.handle} isConnectable={false} />
      <div className={styles.agentName}>
        <span className={styles.agentTitle} data-testid="node-label" title={data.agent}>
          {data.agent}
        </span>
        {data.standing !== "bystander" ? (
          <span className={`badge ${STANDING_ROLE[data.standing]}`}>{STANDING_LABEL[data.standing]}</span>
        ) : null}
      </div>
      {data.description ? (
        <div className={styles.agentDesc} title={data.description}>
          {data.description.slice(0, 120)}
        </div>
      ) : null}
      <div className={styles.agentMeta}>
        {data.stepCount} steps · {formatCount(data.tokens)} tok
        {data.blame !== null ? ` · blame ${data.blame.toFixed(2)}` : ""}
      </div>
      {data.blame !== null ? (
        <div className={styles.blameTrack} aria-hidden>
          <div className={styles.blameFill} style={{ width: `${Math.round(Math.min(1, data.blame) * 100)}%` }} />
        </div>
      ) : null}
      <Handle type="source" position={Position.Right} className={styles.handle} isConnectable={false} />
    </div>
  );
}

export const AgentNode = memo(AgentNodeView);
