"use client";
import { useMemo } from "react";
import type { TrajectoryReport } from "@/lib/attribution/trajectory/types";
import { agentMultiples, flagId, metricGroups } from "@/lib/view/prepare-trajectory";
import { MEASURE_TOKEN, paint } from "@/components/theme/colours";
import styles from "./trajectory.module.css";

const BAR_WIDTH = 120;

/**
 * How the run spent its budget: flags first (each selects its steps on the canvas through the URL),
 * then the metric groups with one-line explanations, then per-agent small multiples that put token
 * share beside blame and importance on one scale.
 */
export function TrajectoryPanel({
  trajectory,
  activeFlag,
  onFlag,
}: {
  trajectory: TrajectoryReport | undefined;
  activeFlag: string | null;
  onFlag: (id: string | null) => void;
}) {
  const groups = useMemo(() => (trajectory ? metricGroups(trajectory) : []), [trajectory]);
  const multiples = useMemo(() => (trajectory ? agentMultiples(trajectory, BAR_WIDTH) : []), [trajectory]);
  if (!trajectory)
    return (
      <p className="muted" data-testid="trajectory-missing">
        Trajectory metrics appear after a re-analysis with engine 0.5 or later.
      </p>
    );
  return (
    <div className={styles.panel} data-testid="trajectory-panel">
      {trajectory.flags.length > 0 ? (
        <ul className={styles.flags} aria-label="Trajectory flags">
          {trajectory.flags.map((f) => {
            const id = flagId(f);
            const active = id === activeFlag;
            return (
              <li key={id}>
                <button
                  type="button"
                  className={`${styles.flag} ${styles[f.severity]}`}
                  aria-pressed={active}
                  onClick={() => onFlag(active ? null : id)}
                  data-testid={`trajectory-flag-${f.kind}`}
                  title={active ? "Clear the highlight" : "Highlight these steps on the canvas"}
                >
                  <span aria-hidden>{f.severity === "warn" ? "!" : "i"}</span> {f.message}
                  {f.stepIds.length ? (
                    <span className="muted">
                      {" "}
                      · {f.stepIds.length} step{f.stepIds.length === 1 ? "" : "s"}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">No trajectory flags.</p>
      )}
      {groups.map((g) => (
        <details
          key={g.title}
          className={styles.group}
          open={g.title === "Size and cost" || g.title === "Verification"}
        >
          <summary>{g.title}</summary>
          <dl className={styles.metrics}>
            {g.rows.map((r) => (
              <div key={r.label} title={r.explain}>
                <dt>{r.label}</dt>
                <dd data-testid={`trajectory-${g.title}-${r.label}`.replace(/[^\w-]+/g, "-")}>{r.value}</dd>
                <dd className={styles.explain}>{r.explain}</dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
      <h3 className={styles.subhead}>Tokens vs blame vs importance</h3>
      <div className={styles.multiples} data-testid="trajectory-multiples">
        {multiples.map((m) => (
          <figure key={m.agent} className={styles.multiple}>
            <figcaption>{m.agent}</figcaption>
            <svg
              viewBox={`0 0 ${BAR_WIDTH + 70} 36`}
              width="100%"
              height={36}
              role="img"
              aria-label={`${m.agent}: ${m.bars.map((b) => `${b.label} ${b.text}`).join(", ")}`}
            >
              {m.bars.map((b, i) => (
                <g key={b.label} transform={`translate(0, ${i * 12})`}>
                  <text x={0} y={9} className={styles.barLabel}>
                    {b.label}
                  </text>
                  <rect x={64} y={2} width={BAR_WIDTH} height={7} rx={3} style={{ fill: "var(--surface-2)" }} />
                  <rect
                    x={64}
                    y={2}
                    width={Math.max(b.value > 0 ? 1 : 0, b.width)}
                    height={7}
                    rx={3}
                    style={{ fill: paint(MEASURE_TOKEN[b.label]) }}
                  />
                </g>
              ))}
            </svg>
          </figure>
        ))}
      </div>
    </div>
  );
}
