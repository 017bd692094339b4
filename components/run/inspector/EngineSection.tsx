"use client";
import type { DetectorFinding, StepReport } from "@/lib/attribution/types";
import { SelectLink, useHumanize, useStepLabel } from "../SelectLink";
import styles from "../run.module.css";

/** What the engine found on the step: fault, responsibility, what fixing it would do, the detectors that fired. */
export function EngineSection({ report }: { report: StepReport }) {
  const humanize = useHumanize();
  return (
    <div className={styles.section} data-testid="inspector-engine">
      <h3>Engine</h3>
      <dl className={styles.kv}>
        <dt>fault</dt>
        <dd>{report.fault.toFixed(2)}</dd>
        <dt>responsibility</dt>
        <dd>{report.responsibility.toFixed(2)}</dd>
        <dt>if fixed</dt>
        <dd data-testid="counterfactual">
          {report.counterfactual.flips ? "run succeeds (but-for cause)" : "outcome unchanged"}
          {report.counterfactual.note ? ` — ${humanize(report.counterfactual.note)}` : ""}
        </dd>
        <dt>path</dt>
        <dd>
          {report.onPath ? "on the propagation path" : report.corrupted ? "reached by corruption" : "not on the path"}
        </dd>
      </dl>
      {report.detectors.length ? (
        <h3>Detectors that fired</h3>
      ) : (
        <p className={styles.help}>No detector fired on this step.</p>
      )}
      {report.detectors.map((d) => (
        <DetectorCard key={d.name} finding={d} />
      ))}
    </div>
  );
}

function DetectorCard({ finding }: { finding: DetectorFinding }) {
  const stepLabel = useStepLabel();
  const humanize = useHumanize();
  return (
    <div className={styles.detector} data-testid="detector">
      <div>
        <strong>{finding.name}</strong> {finding.score.toFixed(2)}
        {finding.mast ? <span className="muted"> · {finding.mast}</span> : null}
      </div>
      {finding.evidence.note ? <div className={styles.note}>{humanize(finding.evidence.note)}</div> : null}
      <div className={styles.evidence}>
        {finding.evidence.stepIds.map((id) => (
          <SelectLink key={`s:${id}`} selection={{ type: "step", id }} testId="evidence-link">
            → {stepLabel(id)}
          </SelectLink>
        ))}
        {(finding.evidence.edgeIds ?? []).map((id) => (
          <SelectLink key={`e:${id}`} selection={{ type: "edge", id }} testId="evidence-link">
            → edge
          </SelectLink>
        ))}
      </div>
    </div>
  );
}
