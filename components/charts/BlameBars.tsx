"use client";
import { useMemo } from "react";
import type { AgentReport } from "@/lib/attribution/types";
import { prepareBlameBars } from "@/lib/view/prepare-blame-bars";
import { formatCount } from "@/lib/format/numbers";
import { paint, ROLE_TOKEN } from "@/components/theme/colours";
import styles from "./charts.module.css";
import { agentStanding, STANDING_LABEL, STANDING_ROLE } from "@/lib/view/agent-standing";
import type { ReportIndex } from "@/lib/view/index-report";

const WIDTH = 200;

/** Shapley blame per agent with its confidence whisker; each row selects its agent. Badges: `agentStanding`. */
export function BlameBars({
  agents,
  selected,
  index,
  onSelect,
}: {
  agents: AgentReport[];
  selected: string | null;
  index: ReportIndex;
  onSelect: (agent: string) => void;
}) {
  const rows = useMemo(() => prepareBlameBars(agents, WIDTH), [agents]);
  return (
    <div className={styles.bars} data-testid="blame-bars">
      {rows.map((r) => {
        const standing = agentStanding(index, r.agent);
        return (
          <button
            type="button"
            key={r.agent}
            className={`${styles.row} ${selected === r.agent ? styles.selected : ""}`}
            onClick={() => onSelect(r.agent)}
            data-testid={`blame-row-${r.agent}`}
          >
            <span className={styles.name}>
              <span>{r.agent}</span>
              <span className={`badge ${STANDING_ROLE[standing]}`} data-standing={standing}>
                {STANDING_LABEL[standing]}
              </span>
            </span>
            <span className={styles.value}>{r.label}</span>
            <svg
              className={styles.svg}
              viewBox={`0 0 ${WIDTH} 12`}
              preserveAspectRatio="none"
              height={12}
              role="img"
              aria-label={`blame ${r.label}`}
            >
              <rect x={0} y={3} width={WIDTH} height={6} rx={3} style={{ fill: "var(--surface-2)" }} />
              <rect
                x={0}
                y={3}
                width={r.barWidth}
                height={6}
                rx={3}
                style={{ fill: paint(ROLE_TOKEN[STANDING_ROLE[standing]]) }}
              />
              {r.whisker ? (
                <g style={{ stroke: "var(--text)", strokeWidth: 1 }}>
                  <line x1={r.whisker[0]} x2={r.whisker[1]} y1={6} y2={6} />
                  <line x1={r.whisker[0]} x2={r.whisker[0]} y1={2} y2={10} />
                  <line x1={r.whisker[1]} x2={r.whisker[1]} y1={2} y2={10} />
                </g>
              ) : null}
            </svg>
            <span className={styles.meta}>
              {formatCount(r.tokens)} tokens
              {r.blamePer1kTokens !== null ? ` · ${r.blamePer1kTokens.toFixed(2)} blame/1k tok` : ""}
              {r.lowImportance ? " · low importance" : ""}
            </span>
          </button>
        );
      })}
    </div>
  );
}
