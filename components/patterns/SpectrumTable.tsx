import Link from "next/link";
import type { SystemSpectrum } from "@/lib/server/queries/system-spectrum";
import { SpectrumAgents, SpectrumBehaviours } from "./SpectrumRows";

const SHOWN_BEHAVIOURS = 40;

/**
 * FAMAS suspiciousness across the runs of one system: agents ranked by their top behaviour, then
 * behaviours with the terms of the formula, each linked to the failed runs that show it.
 */
export function SpectrumTable({ spectrum }: { spectrum: SystemSpectrum }) {
  const { result, runs, system } = spectrum;
  const failed = runs.filter((r) => r.outcome === "failure");
  const titleOf = new Map(runs.map((r) => [r.id, r.title]));
  if (!result)
    return <div className="card muted">No failed run of {system} with a known outcome: nothing to localize.</div>;
  return (
    <div className="stack" data-testid="spectrum">
      <p className="muted" style={{ margin: 0 }}>
        {result.failed} failed and {result.passed} successful runs (newest {runs.length}
        {spectrum.unknownOutcome ? `; ${spectrum.unknownOutcome} with unknown outcome left out` : ""}). S(η) = α ·
        Kulczynski2<sub>λ</sub> · (1+β) · (1+γ), λ = {result.lambda}; α from the target run.
        {result.passed === 0
          ? " With no successful run, every behaviour of the failures looks equally guilty: add passing runs of this system for a sharper ranking."
          : ""}
      </p>
      <form className="row" method="get" action="/patterns">
        <input type="hidden" name="system" value={system} />
        <label className="row" style={{ gap: 6 }}>
          <span className="muted">Target failed run</span>
          <select name="run" defaultValue={result.targetRunId ?? ""}>
            {failed.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
        <button className="button" type="submit">
          Rank
        </button>
        {result.targetRunId ? <Link href={`/runs/${result.targetRunId}`}>Open target run</Link> : null}
      </form>
      <SpectrumAgents agents={result.agents} />
      <SpectrumBehaviours behaviours={result.behaviours.slice(0, SHOWN_BEHAVIOURS)} titleOf={titleOf} />
      {result.behaviours.length > SHOWN_BEHAVIOURS ? (
        <p className="muted" style={{ margin: 0 }}>
          Top {SHOWN_BEHAVIOURS} of {result.behaviours.length} behaviours.
        </p>
      ) : null}
    </div>
  );
}
