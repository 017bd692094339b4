"use client";
import { memo } from "react";
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from "@xyflow/react";
import type { ChannelFlowEdge } from "@/lib/view/flow-types";
import styles from "../canvas.module.css";
import { EDGE_TOKEN, paint } from "@/components/theme/colours";
import { markerId } from "./EdgeMarkers";

/**
 * One typed channel. Four kinds, four line styles (the legend says the same):
 * message solid + arrow, state dashed + key label, aggregation solid + arrow into a ◆ node,
 * delegation solid + hollow arrowhead. Red (and thicker) where corruption travelled.
 */
function ChannelEdgeView({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  data,
  selected,
}: EdgeProps<ChannelFlowEdge>) {
  const [path, labelX, labelY] = getBezierPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  if (!data) return null;
  const tone = selected ? "sel" : data.onPath ? "path" : "plain";
  const color = paint(EDGE_TOKEN[tone]);
  const width = (data.onPath ? 2.5 : 1.4) + Math.log2(data.count);
  const label =
    data.kind === "state" && data.key
      ? data.count > 1
        ? `${data.key} ×${data.count}`
        : data.key
      : data.count > 1
        ? `×${data.count}`
        : null;
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        interactionWidth={14}
        markerEnd={`url(#${markerId(data.kind === "delegation" ? "hollow" : "arrow", tone)})`}
        style={{
          stroke: color,
          strokeWidth: width,
          strokeDasharray: data.kind === "state" ? "6 4" : data.inferred ? "2 3" : undefined,
          opacity: data.inferred && !data.onPath ? 0.7 : 1,
        }}
      />
      {label ? (
        <EdgeLabelRenderer>
          <div
            className={`${styles.edgeLabel} ${data.onPath ? styles.onPath : ""}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            data-testid={`edge-label-${id}`}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}

export const ChannelEdge = memo(ChannelEdgeView);
