"use client";
import { useMemo } from "react";
import { line, scaleLinear, scaleLog } from "d3";
import type { BudgetFit, BudgetRun } from "@/lib/patterns";
import { OUTCOME_TOKEN, paint } from "@/components/theme/colours";
import styles from "./patterns.module.css";

const W = 560;
const H = 220;
const M = { left: 44, right: 16, top: 12, bottom: 32 };

/**
 * Outcome (success at the top, failure at the bottom, each run a dot linking to it) against tokens on
 * a log axis, with the fitted logistic curve. Dots are also distinguished by shape (✓ ring, ✕ filled).
 */
export function BudgetFitChart({
  budget,
}: {
  budget: { runs: (BudgetRun & { title: string })[]; fit: BudgetFit | null };
}) {
  const runs = budget.runs.filter((r) => r.tokens > 0);
  const [lo, hi] = useMemo(() => {
    const t = runs.map((r) => r.tokens);
    return t.length ? [Math.min(...t), Math.max(...t, Math.min(...t) * 10)] : [1, 10];
  }, [runs]);
  const x = useMemo(
    () =>
      scaleLog()
        .domain([lo, hi])
        .range([0, W - M.left - M.right])
        .nice(),
    [lo, hi],
  );
  const y = useMemo(
    () =>
      scaleLinear()
        .domain([0, 1])
        .range([H - M.top - M.bottom, 0]),
    [],
  );
  if (runs.length === 0) return <p className="muted">No runs with token counts yet.</p>;
  const curve = budget.fit
    ? (line<{ tokens: number; p: number }>()
        .x((d) => x(d.tokens))
        .y((d) => y(d.p))(budget.fit.curve) ?? "")
    : "";
  // Deterministic vertical jitter so runs with equal outcomes don't hide each other.
  const jitter = (i: number) => (((i * 2654435761) >>> 0) % 100) / 100 - 0.5;
  return (
    <figure className={styles.figure} data-testid="budget-fit">
      <svg width={W} height={H} role="img" aria-label={budget.fit ? budget.fit.statement : "Outcome against tokens"}>
        <g transform={`translate(${M.left},${M.top})`}>
          {x.ticks(4).map((t) => (
            <g key={t} transform={`translate(${x(t)},${H - M.top - M.bottom})`}>
              <line y2={4} style={{ stroke: "var(--text-muted)" }} />
              <text y={16} textAnchor="middle" style={{ fontSize: 10, fill: "var(--text-muted)" }}>
                {x.tickFormat(4, "~s")(t)}
              </text>
            </g>
          ))}
          {[0, 0.5, 1].map((t) => (
            <g key={t} transform={`translate(0,${y(t)})`}>
              <line x2={W - M.left - M.right} style={{ stroke: "var(--border)" }} />
              <text x={-6} dy="0.32em" textAnchor="end" style={{ fontSize: 10, fill: "var(--text-muted)" }}>
                {t === 1 ? "pass" : t === 0 ? "fail" : "50%"}
              </text>
            </g>
          ))}
          {curve ? <path d={curve} fill="none" style={{ stroke: "var(--accent)", strokeWidth: 2 }} /> : null}
          {runs.map((r, i) => (
            <a key={r.runId} href={`/runs/${r.runId}`}>
              <circle
                cx={x(r.tokens)}
                cy={y(r.success ? 0.96 : 0.04) + jitter(i) * 10}
                r={4}
                style={
                  r.success
                    ? { fill: "var(--surface)", stroke: paint(OUTCOME_TOKEN.success), strokeWidth: 2 }
                    : { fill: paint(OUTCOME_TOKEN.failure) }
                }
              >
                <title>{`${r.title}: ${r.success ? "passed" : "failed"}, ${r.tokens} tokens`}</title>
              </circle>
            </a>
          ))}
          <text
            x={(W - M.left - M.right) / 2}
            y={H - M.top - 2}
            textAnchor="middle"
            style={{ fontSize: 10, fill: "var(--text-muted)" }}
          >
            tokens per run (log scale)
          </text>
        </g>
      </svg>
      <figcaption data-testid="budget-statement">
        {budget.fit ? (
          <>
            {budget.fit.statement}{" "}
            <span className="muted">
              ({budget.fit.n} runs, {budget.fit.successes} passed; slope {budget.fit.slope.toFixed(2)} log-odds per
              tenfold tokens)
            </span>
          </>
        ) : (
          <span className="muted">
            Too few runs with both outcomes to fit (at least 8 with token counts, some passed and some failed).
          </span>
        )}
      </figcaption>
    </figure>
  );
}
