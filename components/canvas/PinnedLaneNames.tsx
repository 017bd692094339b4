"use client";
import { useMemo } from "react";
import { useStore } from "@xyflow/react";
import type { LaneFlowNode } from "@/lib/view/flow-types";
import { STANDING_ROLE } from "@/lib/view/agent-standing";
import { pinnedLaneNames } from "@/lib/view/pinned-lane-names";
import { ROLE_TOKEN } from "@/components/theme/colours";
import styles from "./canvas.module.css";

/** Each lane's name at the canvas's left edge while its label node is out of view (lib/view/pinned-lane-names.ts). */
export function PinnedLaneNames({ lanes, left }: { lanes: readonly LaneFlowNode[]; left: number }) {
  const transform = useStore((s) => s.transform);
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const tags = useMemo(
    () => pinnedLaneNames(lanes, transform, { width, height }, left),
    [lanes, transform, width, height, left],
  );
  if (tags.length === 0) return null;
  return (
    <div className={styles.laneTags} style={{ left }} data-testid="pinned-lane-names" aria-hidden="true">
      {tags.map((t) => (
        <div
          key={t.agent}
          className={styles.laneTag}
          style={{ top: t.top, left: 4 + t.indent, borderLeftColor: `var(${ROLE_TOKEN[STANDING_ROLE[t.standing]]})` }}
          data-testid={`pinned-lane-${t.agent}`}
          data-sticky={t.sticky ? "true" : undefined}
        >
          {t.agent}
        </div>
      ))}
    </div>
  );
}
