"use client";
import { useMemo } from "react";
import { line, scaleLinear } from "d3";
import type { EqualBudget } from "@/lib/compare/equal-budget";
import styles from "./compare.module.css";

const W = 520;
const H = 180;
const M = { left: 48, right: 16, top: 10, bottom: 30 };

/**
 * Both runs cut at the same spend: the aligned row each had reached (y) at each budget (x).
 * Run A is a dashed line, run B solid, so the difference never rests on colour alone.
 */
export function EqualBudgetChart({ view }: { view: EqualBudget }) {
  const x = useMemo(
    () =>
      scaleLinear()
        .domain([0, Math.max(1, view.budget)])
        .range([0, W - M.left - M.right]),
    [view.budget],
  );
  const y = useMemo(
    () =>
      scaleLinear()
        .domain([0, Math.max(1, view.rows)])
        .range([H - M.top - M.bottom, 0]),
    [view.rows],
  );
  const path = (side: "rowA" | "rowB") =>
    line<EqualBudget["points"][number]>()
      .x((p) => x(p.budget))
      .y((p) => y(p[side] + 1))([{ budget: 0, rowA: -1, rowB: -1 }, ...view.points]) ?? "";
  const unit = view.basis === "tokens" ? "tokens" : "steps";
  return (
    <figure className={styles.chart} data-testid="equal-budget" data-ahead={view.ahead}>
      <svg width={W} height={H} role="img" aria-label={view.note}>
        <g transform={`translate(${M.left},${M.top})`}>
          {x.ticks(5).map((t) => (
            <g key={t} transform={`translate(${x(t)},${H - M.top - M.bottom})`}>
              <line y2={4} style={{ stroke: "var(--text-muted)" }} />
              <text y={16} textAnchor="middle" style={{ fontSize: 10, fill: "var(--text-muted)" }}>
                {t}
              </text>
            </g>
          ))}
          {y.ticks(4).map((t) => (
            <g key={t} transform={`translate(0,${y(t)})`}>
              <line x2={W - M.left - M.right} style={{ stroke: "var(--border)" }} />
              <text x={-6} dy="0.32em" textAnchor="end" style={{ fontSize: 10, fill: "var(--text-muted)" }}>
                {t}
              </text>
            </g>
          ))}
          <path
            d={path("rowA")}
            fill="none"
            style={{ stroke: "var(--accent)", strokeWidth: 2, strokeDasharray: "5 3" }}
          />
          <path d={path("rowB")} fill="none" style={{ stroke: "var(--text)", strokeWidth: 2 }} />
          <text
            x={(W - M.left - M.right) / 2}
            y={H - M.top - 4}
            textAnchor="middle"
            style={{ fontSize: 10, fill: "var(--text-muted)" }}
          >
            {unit} spent
          </text>
        </g>
      </svg>
      <figcaption className="muted">
        <span aria-hidden>╌ A</span> · <span aria-hidden>━ B</span> · aligned rows reached (of {view.rows}).{" "}
        <b data-testid="equal-budget-note">{view.note}</b>
        {view.decisiveAt.a !== null || view.decisiveAt.b !== null
          ? ` Decisive step reached at ${view.decisiveAt.a ?? "—"} (A) and ${view.decisiveAt.b ?? "—"} (B) ${unit}.`
          : ""}
      </figcaption>
    </figure>
  );
}
