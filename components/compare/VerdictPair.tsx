import Link from "next/link";
import { OutcomeBadge } from "@/components/runs/OutcomeBadge";
import type { RunComparison, VerdictSummary } from "@/lib/compare";
import { formatCount } from "@/lib/format/numbers";
import type { ViewRun } from "@/lib/view/types";
import styles from "./compare.module.css";

/** The two verdicts side by side, with what changed between them called out. */
export function VerdictPair({ runA, runB, comparison }: { runA: ViewRun; runB: ViewRun; comparison: RunComparison }) {
  return (
    <div className={styles.verdicts}>
      <VerdictCard side="a" run={runA} v={comparison.verdicts.a} comparison={comparison} />
      <VerdictCard side="b" run={runB} v={comparison.verdicts.b} comparison={comparison} />
    </div>
  );
}

function VerdictCard({
  side,
  run,
  v,
  comparison,
}: {
  side: "a" | "b";
  run: ViewRun;
  v: VerdictSummary;
  comparison: RunComparison;
}) {
  const other = side === "a" ? comparison.verdicts.b : comparison.verdicts.a;
  const diff = (changed: boolean) => (changed ? styles.changed : undefined);
  return (
    <section className={`card ${styles.verdict}`} data-testid={`verdict-${side}`}>
      <h2>
        <span className={styles.sideTag}>{side.toUpperCase()}</span>
        <OutcomeBadge outcome={run.outcome} />
        <Link href={`/runs/${run.id}`}>{run.title}</Link>
      </h2>
      <div className={styles.facts}>
        <span>{run.system ?? "no system"}</span>
        <span>{run.sourceFormat}</span>
        <span className={diff(v.steps !== other.steps)}>
          <b>{formatCount(v.steps)}</b> steps
        </span>
        <span className={diff(v.agents !== other.agents)}>
          <b>{v.agents}</b> agents
        </span>
        <span className={diff(v.tokens !== other.tokens)}>
          <b>{formatCount(v.tokens)}</b> tokens
        </span>
      </div>
      {v.analyzed ? (
        <>
          <div className={styles.facts}>
            <span className={diff(comparison.culpritChanged)}>
              Culprit <b>{v.culprit ?? "none"}</b>
              {v.decisiveStepId ? (
                <>
                  {" "}
                  at{" "}
                  <Link href={`/runs/${run.id}?step=${encodeURIComponent(v.decisiveStepId)}`}>{v.decisiveStepId}</Link>
                </>
              ) : null}
            </span>
            <span className={diff(comparison.interactionChanged)}>
              Interaction <b>{v.interaction ?? "—"}</b>
            </span>
            {v.confidence !== null ? (
              <span>
                Confidence <b>{v.confidence.toFixed(2)}</b>
              </span>
            ) : null}
          </div>
          <p style={{ margin: 0 }}>{v.verdict}</p>
        </>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          No finished analysis yet: blame and verdict appear when it completes.
        </p>
      )}
    </section>
  );
}
