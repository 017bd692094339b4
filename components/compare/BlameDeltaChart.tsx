"use client";
import { useMemo } from "react";
import { scaleBand, scaleLinear } from "d3";
import type { BlameDeltaRow } from "@/lib/compare";
import { DELTA_TOKEN, paint } from "@/components/theme/colours";
import styles from "./compare.module.css";
import { ROLE_LABEL } from "@/lib/view/role-labels";

const LABEL_W = 190;
const PLOT_W = 360;
const META_W = 360;
const ROW_H = 26;

/**
 * Per-agent blame delta: a hollow dot at run A's blame, a filled dot at run B's, a bar between
 * them (warm when blame grew, cool when it shrank). Role changes and token/step counts on the right.
 */
export function BlameDeltaChart({
  rows,
  onSelectAgent,
}: {
  rows: BlameDeltaRow[];
  onSelectAgent?: (key: string) => void;
}) {
  const x = useMemo(() => scaleLinear().domain([0, 1]).range([0, PLOT_W]).clamp(true), []);
  const y = useMemo(
    () =>
      scaleBand<string>()
        .domain(rows.map((r) => r.key))
        .range([0, rows.length * ROW_H])
        .paddingInner(0.2),
    [rows],
  );
  const ticks = x.ticks(5);
  const height = rows.length * ROW_H + 22;
  const width = LABEL_W + PLOT_W + META_W + 20;
  if (rows.every((r) => r.blameA === null && r.blameB === null))
    return <p className="muted">Blame deltas appear once both runs have a finished analysis.</p>;
  return (
    <div className={styles.chart} data-testid="blame-delta-chart">
      <svg width={width} height={height} role="img" aria-label="Blame per agent, run A to run B">
        <g transform={`translate(${LABEL_W},0)`}>
          {ticks.map((t) => (
            <g key={t} transform={`translate(${x(t)},0)`}>
              <line y1={0} y2={rows.length * ROW_H} style={{ stroke: "var(--border)" }} />
              <text y={rows.length * ROW_H + 14} textAnchor="middle" className={styles.chartMuted}>
                {t.toFixed(1)}
              </text>
            </g>
          ))}
        </g>
        {rows.map((r) => {
          const top = y(r.key) ?? 0;
          const mid = top + y.bandwidth() / 2;
          const xa = r.blameA === null ? null : LABEL_W + x(r.blameA);
          const xb = r.blameB === null ? null : LABEL_W + x(r.blameB);
          const grew = (r.delta ?? 0) > 0;
          return (
            <g
              key={r.key}
              data-agent={r.label}
              style={{ cursor: onSelectAgent ? "pointer" : undefined }}
              onClick={() => onSelectAgent?.(r.key)}
            >
              <title>{`${r.label}: blame ${fmt(r.blameA)} → ${fmt(r.blameB)}${r.delta !== null ? ` (${r.delta >= 0 ? "+" : ""}${r.delta.toFixed(2)})` : ""}`}</title>
              <text x={LABEL_W - 8} y={mid + 4} textAnchor="end" className={styles.chartLabel}>
                {clip(r.label, 26)}
              </text>
              {xa !== null && xb !== null ? (
                <rect
                  x={Math.min(xa, xb)}
                  y={mid - 3}
                  width={Math.max(1, Math.abs(xb - xa))}
                  height={6}
                  rx={3}
                  style={{ fill: paint(grew ? DELTA_TOKEN.grew : DELTA_TOKEN.shrank), opacity: 0.75 }}
                />
              ) : null}
              {xa !== null ? (
                <circle
                  cx={xa}
                  cy={mid}
                  r={5}
                  style={{ fill: "var(--surface)", stroke: "var(--text-muted)", strokeWidth: 1.5 }}
                />
              ) : null}
              {xb !== null ? <circle cx={xb} cy={mid} r={5} style={{ fill: "var(--text)" }} /> : null}
              <text
                x={LABEL_W + PLOT_W + 16}
                y={mid + 4}
                className={r.roleChanged ? undefined : styles.chartMuted}
                style={r.roleChanged ? { fill: paint(DELTA_TOKEN.changed), fontWeight: 600 } : undefined}
              >
                {`${fmt(r.blameA)} → ${fmt(r.blameB)}  ${r.roleA ? ROLE_LABEL[r.roleA] : "—"}${r.roleChanged ? ` → ${ROLE_LABEL[r.roleB!]}` : ""}  · ${r.stepsA}→${r.stepsB} steps`}
              </text>
            </g>
          );
        })}
      </svg>
      <p className="muted" style={{ margin: "4px 0 0", fontSize: 12 }}>
        ○ run A · ● run B · red bar: blame grew, green: shrank.
      </p>
    </div>
  );
}

function fmt(v: number | null): string {
  return v === null ? "—" : v.toFixed(2);
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
