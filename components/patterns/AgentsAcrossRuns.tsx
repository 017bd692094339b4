import type { AgentAcrossRuns } from "@/lib/patterns";

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Per-agent importance and blame across a system's runs, with DyLAN-style drop suggestions. */
export function AgentsAcrossRuns({ agents }: { agents: AgentAcrossRuns[] }) {
  if (agents.length === 0)
    return <p className="muted">Per-agent figures appear once runs are analyzed by engine 0.5 or later.</p>;
  return (
    <table className="table" data-testid="agents-across-runs">
      <thead>
        <tr>
          <th>Agent</th>
          <th>Runs</th>
          <th>Mean importance share</th>
          <th>Mean blame</th>
          <th>Mean token share</th>
          <th>Suggestion</th>
        </tr>
      </thead>
      <tbody>
        {agents.map((a) => (
          <tr key={a.agent} data-testid={`agent-across-${a.agent}`}>
            <td>{a.agent}</td>
            <td>{a.runs}</td>
            <td>{pct(a.meanImportanceShare)}</td>
            <td>{pct(a.meanBlame)}</td>
            <td>{pct(a.meanTokenShare)}</td>
            <td>
              {a.dropSuggested ? <b>Consider dropping: {a.reason}</b> : <span className="muted">{a.reason}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
