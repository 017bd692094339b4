import Link from "next/link";
import type { SystemSpectrum } from "@/lib/server/queries/system-spectrum";

type Result = NonNullable<SystemSpectrum["result"]>;
const f = (x: number, d = 2) => x.toFixed(d);

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Agents ranked by the suspiciousness of their top behaviour. */
export function SpectrumAgents({ agents }: { agents: Result["agents"] }) {
  return (
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
        {agents.map((a, i) => (
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
  );
}

/** Behaviours with the terms of the formula, each linked to the failed runs that show it. */
export function SpectrumBehaviours({
  behaviours,
  titleOf,
}: {
  behaviours: Result["behaviours"];
  titleOf: Map<string, string>;
}) {
  return (
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
        {behaviours.map((b, i) => (
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
  );
}
