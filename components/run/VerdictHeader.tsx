"use client";
import type { ReactNode } from "react";
import { OutcomeBadge } from "@/components/runs/OutcomeBadge";
import { formatCount, formatDuration } from "@/lib/format/numbers";
import type { RunPageData } from "@/lib/view/types";
import { VerdictAnswer } from "./VerdictAnswer";
import styles from "./verdict.module.css";

/**
 * The compact top of the run page: one line of title, facts and actions, then the answer (one
 * sentence, its evidence, "Why this verdict"). Long titles are cut with an ellipsis (full text on
 * hover), so the header keeps its height whatever the run.
 */
export function VerdictHeader({ data, actions, status }: { data: RunPageData; actions: ReactNode; status: ReactNode }) {
  const { run, report } = data;
  const facts = [
    run.system,
    `${run.stepCount.toLocaleString("en-US")} steps`,
    `${run.agentCount} agents`,
    run.totalTokens > 0 ? `${formatCount(run.totalTokens)} tokens` : null,
    run.startedAt && run.endedAt ? formatDuration(run.startedAt, run.endedAt) : null,
    run.sourceFormat,
  ].filter(Boolean);
  return (
    <section className={styles.header} data-testid="verdict-header">
      <div className={styles.titleRow}>
        <OutcomeBadge outcome={run.outcome} />
        <h1 title={run.title}>{run.title}</h1>
        <span className={styles.facts} title={facts.join(" · ")}>
          {facts.join(" · ")}
        </span>
        <div className={styles.actions}>{actions}</div>
      </div>
      {status}
      {data.reportStale ? (
        <div className="alert" data-testid="stale-report">
          This verdict is out of date: {data.reportStale}. Re-analyze the run (<b>Re-run</b> above, or{" "}
          <code>npm run reanalyze</code> for every run) to see the current engine&apos;s verdict.
        </div>
      ) : null}
      {report ? <VerdictAnswer report={report} /> : null}
    </section>
  );
}
