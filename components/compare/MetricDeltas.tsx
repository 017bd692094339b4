import type { MetricDelta } from "@/lib/compare/trajectory-deltas";

const show = (v: number | null, unit: MetricDelta["unit"]) =>
  v === null
    ? "—"
    : unit === "share"
      ? `${Math.round(v * 100)}%`
      : unit === "usd"
        ? `$${v.toFixed(4)}`
        : unit === "ms"
          ? `${(v / 1000).toFixed(1)} s`
          : String(Math.round(v * 100) / 100);

/** Trajectory metrics side by side with B − A; the word "worse"/"better" carries the meaning, not colour alone. */
export function MetricDeltas({ rows }: { rows: MetricDelta[] | null }) {
  if (!rows)
    return (
      <p className="muted">
        Trajectory metrics appear once both runs are analyzed by engine 0.5 or later (re-run the analysis).
      </p>
    );
  return (
    <table className="table" data-testid="metric-deltas">
      <thead>
        <tr>
          <th>Metric</th>
          <th>A</th>
          <th>B</th>
          <th>B − A</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const judged =
            r.delta === null || r.delta === 0 ? "" : r.delta > 0 === r.higherIsWorse ? " (worse)" : " (better)";
          return (
            <tr key={r.metric}>
              <td>{r.metric}</td>
              <td>{show(r.a, r.unit)}</td>
              <td>{show(r.b, r.unit)}</td>
              <td>{r.delta === null ? "—" : `${r.delta > 0 ? "+" : ""}${show(r.delta, r.unit)}${judged}`}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
