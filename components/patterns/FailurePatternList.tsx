import Link from "next/link";
import type { FailurePatterns } from "@/lib/server/queries/failure-patterns";

const EXAMPLES = 5;

/** One card per corrective pattern: the pattern, how many runs show it, example runs. */
export function FailurePatternList({ patterns }: { patterns: FailurePatterns }) {
  if (patterns.clusters.length === 0) return <div className="card muted">No analysed failed run yet.</div>;
  return (
    <table className="table" data-testid="failure-patterns">
      <thead>
        <tr>
          <th className="num">Runs</th>
          <th>Pattern</th>
          <th>Interaction</th>
          <th>Example runs</th>
        </tr>
      </thead>
      <tbody>
        {patterns.clusters.map((c) => (
          <tr key={c.id} data-pattern={c.id}>
            <td className="num">{c.count}</td>
            <td>
              <b>{c.signature.agent}</b>: {c.detectors.length ? c.detectors.join(" + ") : <span className="muted">no detector fired</span>}
              {c.signature.channels.length ? <span className="muted"> via {c.signature.channels.join("/")}</span> : null}
            </td>
            <td className="muted">{c.signature.interaction}</td>
            <td>
              {c.runIds.slice(0, EXAMPLES).map((id, i) => (
                <span key={id}>
                  {i > 0 ? " · " : ""}
                  <Link href={`/runs/${id}`}>{patterns.runs[id]?.title ?? id.slice(0, 8)}</Link>
                </span>
              ))}
              {c.runIds.length > EXAMPLES ? <span className="muted"> and {c.runIds.length - EXAMPLES} more</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
