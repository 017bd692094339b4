"use client";
import { useState, type ReactNode } from "react";
import { OutcomeBadge } from "@/components/runs/OutcomeBadge";
import { formatCount, formatDuration } from "@/lib/format/numbers";
import type { RunPageData } from "@/lib/view/types";
import { verdictParts } from "@/lib/view/verdict-parts";
import { SelectLink } from "./SelectLink";
import styles from "./run.module.css";

/** Answer first: who caused the failure, where, and how it reached the output, in one sentence. */
export function VerdictHeader({ data, actions, status }: { data: RunPageData; actions: ReactNode; status: ReactNode }) {
  const { run, report } = data;
  const parts = report ? verdictParts(report) : null;
  const [full, setFull] = useState(false);
  // Long paths: show the start and the end of the chain, the middle on request.
  const hops = parts && parts.hops.length > 6 && !full ? [...parts.hops.slice(0, 3), null, ...parts.hops.slice(-2)] : (parts?.hops ?? []);
  return (
    <section className={styles.header} data-testid="verdict-header">
      <div className={styles.titleRow}>
        <OutcomeBadge outcome={run.outcome} />
        <h1>{run.title}</h1>
        <span className={styles.facts}>
          {run.system ? `${run.system} · ` : ""}
          {run.stepCount.toLocaleString("en-US")} steps · {run.agentCount} agents · {formatCount(run.totalTokens)} tokens ·{" "}
          {run.startedAt && run.endedAt ? `${formatDuration(run.startedAt, run.endedAt)} · ` : ""}
          {run.sourceFormat}
        </span>
        <span className="spacer" />
        {actions}
      </div>
      {status}
      {data.reportStale ? (
        <div className="alert" data-testid="stale-report">
          This verdict is out of date: {data.reportStale}. Re-analyze the run (<b>Re-run</b> above, or <code>npm run reanalyze</code> for every run) to see the
          current engine&apos;s verdict.
        </div>
      ) : null}
      {report && parts ? (
        <>
          <p
            className={`${styles.verdict} ${full ? "" : styles.clamped}`}
            data-testid="verdict"
            onClick={() => setFull(true)}
            title={full ? undefined : "Click to read all"}
          >
            {report.verdict}
          </p>
          <div className={styles.verdictFacts}>
            {parts.culpritAgent ? (
              <span>
                Root cause:{" "}
                <SelectLink selection={{ type: "agent", id: parts.culpritAgent }} testId="verdict-agent">
                  {parts.culpritAgent}
                </SelectLink>
                , step{" "}
                <SelectLink selection={{ type: "step", id: parts.decisiveStepId! }} testId="verdict-step">
                  {parts.decisiveStepId!}
                </SelectLink>
              </span>
            ) : (
              <span>No decisive error found.</span>
            )}
            {hops.length ? (
              <span data-testid="channel-path">
                Path:{" "}
                {hops.map((hop, i) =>
                  hop === null ? (
                    <button key={i} type="button" className={styles.link} onClick={() => setFull(true)}>
                      … {parts.hopCount - 5} more hops …{" "}
                    </button>
                  ) : (
                    <span key={i} className={styles.hop}>
                      {i === 0 ? <SelectLink selection={{ type: "agent", id: hop.fromAgent }}>{hop.fromAgent}</SelectLink> : null} —
                      {hop.edgeIds[0] ? (
                        <SelectLink selection={{ type: "edge", id: hop.edgeIds[hop.edgeIds.length - 1] }}>{hop.edgeKinds.join("/")}</SelectLink>
                      ) : (
                        hop.edgeKinds.join("/")
                      )}
                      → <SelectLink selection={{ type: "agent", id: hop.toAgent }}>{hop.toAgent}</SelectLink>{" "}
                    </span>
                  ),
                )}
              </span>
            ) : null}
            {parts.victims.length ? <span>Victims: {parts.victims.join(", ")}</span> : null}
            <span title={parts.interactionRule}>Interaction: {parts.interaction}</span>
            {parts.confidence !== null ? <span>Confidence {parts.confidence.toFixed(2)}</span> : null}
            {parts.budgetNote ? <span className="badge unknown">{parts.budgetNote}</span> : null}
            {report.flags.falseSuccessClaimCount ? <span>{report.flags.falseSuccessClaimCount} false success claim(s)</span> : null}
            {report.flags.verificationCollapsed ? (
              <span className="badge unknown" title="at least half of the verifier approvals checked nothing">
                Verification collapsed
              </span>
            ) : null}
            {report.flags.tokenShareConfounds?.map((c) => (
              <span key={c.agent} className="badge unknown" title={c.evidence.note}>
                Token confound: {c.agent} {Math.round(c.tokenShare * 100)}% of tokens, {Math.round(c.attributionShare * 100)}% of attribution
              </span>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
