import Link from "next/link";
import type { FailurePatterns } from "@/lib/server/queries/failure-patterns";
import type { CorrectionPattern } from "@/lib/patterns";
import { TryPatternFix } from "./TryPatternFix";

const EXAMPLES = 4;
const pct = (x: number) => `${Math.round(x * 100)}%`;

function verifiedText(v: CorrectionPattern["verified"]): string {
  return v.tried === 0
    ? "not tried yet"
    : `fix verified on ${v.flipped} of ${v.tried} ${v.tried === 1 ? "run" : "runs"}`;
}

/**
 * One row per pattern by correction: the fix and what went wrong, how many of the failures it
 * explains and what they cost, the agents that made the mistake, one corrective instruction, and
 * what trying it by replay showed. Row ids are the pattern ids run pages link to.
 */
export function CorrectionPatternList({
  patterns,
  system,
  canTry,
}: {
  patterns: FailurePatterns;
  system?: string;
  canTry: boolean;
}) {
  if (patterns.patterns.length === 0)
    return <div className="card muted">No analysed failed run with a decisive error yet.</div>;
  return (
    <table className="table" data-testid="correction-patterns">
      <thead>
        <tr>
          <th>Fix and what went wrong</th>
          <th className="num">Runs</th>
          <th className="num">Tokens</th>
          <th>Agents</th>
          <th>Corrective instruction</th>
          <th>Verified</th>
          <th>Runs</th>
        </tr>
      </thead>
      <tbody>
        {patterns.patterns.map((p) => (
          <tr key={p.id} id={p.id} data-pattern={p.id}>
            <td>
              <b>{p.title}</b>
              <div className="muted">{p.evidence}</div>
            </td>
            <td className="num">
              {p.count} <span className="muted">({pct(p.share)})</span>
            </td>
            <td className="num">{p.tokens.toLocaleString("en-US")}</td>
            <td>{p.agents.join(", ")}</td>
            <td style={{ maxWidth: 360 }}>{p.instruction}</td>
            <td className={p.verified.tried ? undefined : "muted"} data-testid="pattern-verified">
              {verifiedText(p.verified)}
              {canTry ? <TryPatternFix system={system} patternId={p.id} runs={p.count} /> : null}
            </td>
            <td>
              {p.runIds.slice(0, EXAMPLES).map((id, i) => (
                <span key={id}>
                  {i > 0 ? " · " : ""}
                  <Link href={`/runs/${id}`}>{patterns.runs[id]?.title ?? "run"}</Link>
                </span>
              ))}
              {p.runIds.length > EXAMPLES ? (
                <span className="muted"> and {p.runIds.length - EXAMPLES} more</span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
