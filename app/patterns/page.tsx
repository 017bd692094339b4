import type { Metadata } from "next";
import { requirePage } from "@/lib/server/auth/require-page";
import Link from "next/link";
import { CorrectionPatternList } from "@/components/patterns/CorrectionPatternList";
import { SpectrumTable } from "@/components/patterns/SpectrumTable";
import { BudgetFitChart } from "@/components/patterns/BudgetFitChart";
import { AgentsAcrossRuns } from "@/components/patterns/AgentsAcrossRuns";
import { getSystemBudget } from "@/lib/server/queries/system-budget";
import { getFailurePatterns } from "@/lib/server/queries/failure-patterns";
import { getSystemSpectrum, listSystems } from "@/lib/server/queries/system-spectrum";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Patterns" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) || undefined;

/**
 * Across runs: patterns by correction (failed runs grouped by the fix they need) and, for one system,
 * FAMAS spectrum suspiciousness per agent and behaviour. `/patterns?system=<name>&run=<failed run id>`.
 */
export default async function PatternsPage({ searchParams }: Props) {
  const principal = await requirePage("viewer", "/patterns");
  const params = await searchParams;
  const system = one(params.system);
  const targetRunId = one(params.run);
  const [systems, patterns, spectrum, budget] = await Promise.all([
    listSystems(),
    getFailurePatterns({ system }),
    system ? getSystemSpectrum({ system, targetRunId }) : null,
    system ? getSystemBudget(system) : null,
  ]);
  return (
    <main className="page stack">
      <div className="row">
        <h1>Patterns</h1>
        <span className="muted">{system ? `system ${system}` : "all systems"}</span>
      </div>
      <nav className="row" aria-label="Systems" data-testid="system-picker">
        <Link
          href="/patterns"
          aria-current={!system ? "page" : undefined}
          style={!system ? { fontWeight: 600 } : undefined}
        >
          All systems
        </Link>
        {systems.map((s) => (
          <Link
            key={s.system}
            href={`/patterns?system=${encodeURIComponent(s.system)}`}
            aria-current={s.system === system ? "page" : undefined}
            style={s.system === system ? { fontWeight: 600 } : undefined}
          >
            {s.system}{" "}
            <span className="muted">
              ({s.failed}✕ {s.passed}✓)
            </span>
          </Link>
        ))}
      </nav>
      <section className="stack" style={{ gap: 8 }}>
        <h2>Patterns by correction</h2>
        <p className="muted" style={{ margin: 0 }} data-testid="patterns-count">
          <Link
            href={system ? `/?outcome=failure&system=${encodeURIComponent(system)}` : "/?outcome=failure"}
            data-testid="patterns-failed-count"
          >
            {patterns.totalFailed} failed {patterns.totalFailed === 1 ? "run" : "runs"}
          </Link>
          {patterns.failedRuns < patterns.totalFailed ? ` (the newest ${patterns.failedRuns} read)` : ""}, grouped by
          the fix their decisive agent needs and what went wrong, whatever the agent is called
          {patterns.undetermined
            ? `; ${patterns.undetermined} with no decisive error or no finished analysis are in no pattern`
            : ""}
          . Fix a pattern once, not run by run.
        </p>
        <CorrectionPatternList patterns={patterns} system={system} canTry={principal?.role === "owner"} />
        <p>
          <a
            className="button"
            href={`/api/patterns.csv${system ? `?system=${encodeURIComponent(system)}` : ""}`}
            download
          >
            Download patterns (CSV)
          </a>
        </p>
      </section>
      {budget ? (
        <section className="stack" style={{ gap: 8 }} data-testid="system-budget">
          <h2>Outcome against token budget: {budget.system}</h2>
          <BudgetFitChart budget={budget} />
          <h2>Agents across runs</h2>
          <AgentsAcrossRuns agents={budget.agents} />
          {budget.withoutTrajectory > 0 ? (
            <p className="muted">
              {budget.withoutTrajectory} run(s) were analyzed before trajectory metrics existed: re-analyze them for
              per-agent figures.
            </p>
          ) : null}
          <p>
            <a className="button" href={`/api/systems/${encodeURIComponent(budget.system)}/metrics.csv`} download>
              Download metrics (CSV)
            </a>
          </p>
        </section>
      ) : null}
      {spectrum ? (
        <section className="stack" style={{ gap: 8 }}>
          <h2>Spectrum suspiciousness: {spectrum.system}</h2>
          <SpectrumTable spectrum={spectrum} />
        </section>
      ) : (
        <p className="muted">
          Pick a system above to rank its agents and behaviours by spectrum suspiciousness across its runs.
        </p>
      )}
    </main>
  );
}
