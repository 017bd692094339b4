import Link from "next/link";
import { OutcomeBadge } from "@/components/runs/OutcomeBadge";
import type { CompareSuggestion } from "@/lib/server/queries/compare-suggestions";
import { formatAge, formatCount } from "@/lib/format/numbers";

const REASON = { "same-system": "Same system", "same-task": "Same task", recent: "Recent runs" } as const;

/**
 * Picks the runs to compare: first run A (recent runs), then run B (runs of A's system or task
 * first). Plain links, so every step of the choice is a URL.
 */
export function ComparePicker({
  chosen,
  suggestions,
  error,
}: {
  chosen: string | null;
  suggestions: CompareSuggestion[];
  error?: string;
}) {
  const groups = (["same-system", "same-task", "recent"] as const)
    .map((reason) => ({ reason, runs: suggestions.filter((s) => s.reason === reason) }))
    .filter((g) => g.runs.length);
  return (
    <main className="page stack" data-testid="compare-picker">
      <div className="row">
        <h1>Compare runs</h1>
        <span className="muted">{chosen ? "Pick run B to compare with run A." : "Pick run A, then run B."}</span>
      </div>
      {error ? <div className="alert error">{error}</div> : null}
      {chosen ? (
        <div className="card row">
          <span className="muted">Run A:</span> <Link href={`/runs/${chosen}`}>{chosen}</Link>
          <span className="spacer" />
          <Link href="/compare">Change</Link>
        </div>
      ) : null}
      {suggestions.length === 0 ? (
        <div className="card muted">
          No other runs yet. <Link href="/upload">Upload a trace</Link>.
        </div>
      ) : null}
      {groups.map((g) => (
        <section key={g.reason} className="stack" style={{ gap: 8 }}>
          <h2>{chosen ? REASON[g.reason] : "Recent runs"}</h2>
          <table className="table">
            <tbody>
              {g.runs.map((run) => (
                <tr key={run.id}>
                  <td>
                    <OutcomeBadge outcome={run.outcome} />
                  </td>
                  <td style={{ maxWidth: 420 }}>
                    <Link
                      href={chosen ? `/compare?a=${chosen}&b=${run.id}` : `/compare?a=${run.id}`}
                      data-testid="pick-run"
                    >
                      {run.title}
                    </Link>
                  </td>
                  <td className="muted">{run.system ?? "—"}</td>
                  <td className="muted">{run.sourceFormat}</td>
                  <td>{run.culprit ?? <span className="muted">—</span>}</td>
                  <td className="num">{formatCount(run.stepCount)} steps</td>
                  <td className="num muted" suppressHydrationWarning>
                    {formatAge(run.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </main>
  );
}
