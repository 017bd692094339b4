import Link from "next/link";
import type { SystemSpectrum } from "@/lib/server/queries/system-spectrum";

const SHOWN_BEHAVIOURS = 40;
const f = (x: number, d = 2) => x.toFixed(d);

/**
 * FAMAS suspiciousness across the runs of one system: agents ranked by their top behaviour, then
 * behaviours with the terms of the formula, each linked to the failed runs that show it.
 */
export function SpectrumTable({ spectrum }: { spectrum: SystemSpectrum }) {
  const { result, runs, system } = spectrum;
  const failed = runs.filter((r) => r.outcome === "failure");
  const titleOf = new Map(runs.map((r) => [r.id, r.title]));
  if (!result) return <div className="card muted">No failed run of {system} with a known outcome: nothing to localize.</div>;
  return (
    <div className="stack" data-testid="spectrum">
      <p className="muted" style={{ margin: 0 }}>
        {result.failed} failed and {result.passed} successful runs (newest {runs.length}
        {spectrum.unknownOutcome ? `; ${spectrum.unknownOutcome} with unknown outcome left out` : ""}). S(η) = α · Kulczynski2<sub>λ</sub> · (1+β) · (1+γ), λ ={" "}
        {result.lambda}; α from the target run.
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
      <table className="table" data-testid="spectrum-agents">
        <thead>
          <tr>
            <th>#</th>
            <th>Agent</th>
            <th className="num">Suspiciousness</th>
            <th>Top behaviour</th>
            <th className="num">
              Kulczynski2<sub>λ</sub> of presence
            </th>
            <th className="num">In failed / passed runs</th>
          </tr>
        </thead>
        <tbody>
          {result.agents.map((a, i) => (
            <tr key={a.agent}>
              <td className="num">{i + 1}</td>
              <td>
                <b>{a.agent}</b>
              </td>
              <td className="num">{f(a.score)}</td>
              <td className="mono">{a.topBehaviour}</td>
              <td className="num">{f(a.kulczynski2)}</td>
              <td className="num">
                {a.failedRuns} / {a.passedRuns}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" data-testid="spectrum-behaviours">
        <thead>
          <tr>
            <th>#</th>
            <th>Agent</th>
            <th>Behaviour η</th>
            <th className="num">S</th>
            <th className="num">α</th>
            <th className="num">
              K2<sub>λ</sub>
            </th>
            <th className="num">β</th>
            <th className="num">γ</th>
            <th className="num">Ochiai</th>
            <th className="num">Failed / passed runs</th>
            <th>Failed runs</th>
          </tr>
        </thead>
        <tbody>
          {result.behaviours.slice(0, SHOWN_BEHAVIOURS).map((b, i) => (
            <tr key={b.key}>
              <td className="num">{i + 1}</td>
              <td>{b.agent}</td>
              <td className="mono">{b.signature}</td>
              <td className="num">
                <b>{f(b.score)}</b>
              </td>
              <td className="num">{f(b.alpha)}</td>
              <td className="num">{f(b.kulczynski2)}</td>
              <td className="num">{f(b.beta)}</td>
              <td className="num">{f(b.gamma)}</td>
              <td className="num">{f(b.ochiai)}</td>
              <td className="num">
                {b.failedRuns} / {b.passedRuns}
              </td>
              <td>
                {b.failedRunIds.slice(0, 3).map((id, k) => (
                  <span key={id}>
                    {k > 0 ? " · " : ""}
                    <Link href={`/runs/${id}`} title={titleOf.get(id)}>
                      {clip(titleOf.get(id) ?? id, 28)}
                    </Link>
                  </span>
                ))}
                {b.failedRunIds.length > 3 ? <span className="muted"> +{b.failedRunIds.length - 3}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.behaviours.length > SHOWN_BEHAVIOURS ? (
        <p className="muted" style={{ margin: 0 }}>
          Top {SHOWN_BEHAVIOURS} of {result.behaviours.length} behaviours.
        </p>
      ) : null}
    </div>
  );
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
