import Link from "next/link";
import { OutcomeBadge } from "@/components/runs/OutcomeBadge";
import type { RunComparison, VerdictSummary } from "@/lib/compare";
import { formatCount } from "@/lib/format/numbers";
import { compareVerdict } from "@/lib/view/compare-verdict";
import type { AnalysisReport } from "@/lib/attribution/types";
import type { RunViewData, ViewRun } from "@/lib/view/types";
import styles from "./compare.module.css";

/** The two verdicts side by side, with what changed between them called out. */
export function VerdictPair({ a, b, comparison }: { a: RunViewData; b: RunViewData; comparison: RunComparison }) {
  return (
    <div className={styles.verdicts}>
      <VerdictCard side="a" run={a.run} report={a.report} v={comparison.verdicts.a} comparison={comparison} />
      <VerdictCard side="b" run={b.run} report={b.report} v={comparison.verdicts.b} comparison={comparison} />
    </div>
  );
}

function VerdictCard({
  side,
  run,
  report,
  v,
  comparison,
}: {
  side: "a" | "b";
  run: ViewRun;
  report: AnalysisReport | null;
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
      {report ? (
        <VerdictFacts runId={run.id} report={report} comparison={comparison} />
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          No finished analysis yet: blame and verdict appear when it completes.
        </p>
      )}
    </section>
  );
}

/** Who the verdict names (with its step number), the interaction, the confidence, then the run page's sentence. */
function VerdictFacts({
  runId,
  report,
  comparison,
}: {
  runId: string;
  report: AnalysisReport;
  comparison: RunComparison;
}) {
  const verdict = compareVerdict(report);
  const diff = (changed: boolean) => (changed ? styles.changed : undefined);
  return (
    <>
      <div className={styles.facts}>
        <span className={diff(comparison.culpritChanged)} data-testid="compare-named">
          {verdict.standing ?? "Culprit"} <b>{verdict.agent ?? "none"}</b>
          {verdict.stepId && verdict.step ? (
            <>
              {" "}
              at <Link href={`/runs/${runId}?step=${encodeURIComponent(verdict.stepId)}`}>{verdict.step}</Link>
            </>
          ) : null}
        </span>
        <span className={diff(comparison.interactionChanged)}>
          Interaction <b>{report.interaction.class}</b>
        </span>
        {verdict.confidence ? (
          <span>
            Confidence <b>{verdict.confidence}</b>
          </span>
        ) : null}
      </div>
      <p className={styles.sentence} data-testid="compare-verdict" data-kind={verdict.kind} title={verdict.sentence}>
        {verdict.sentence}
      </p>
    </>
  );
}
