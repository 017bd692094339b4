"use client";
import { Fragment } from "react";
import type { DetectorFinding, StepReport } from "@/lib/attribution/types";
import { engineFacts, percent } from "@/lib/view/engine-facts";
import { SelectLink, useHumanize, useStepLabel } from "../SelectLink";
import styles from "../run.module.css";

/**
 * What the engine found on the step, in plain words (lib/view/engine-facts.ts): the chance it is
 * wrong, its fault evidence, responsibility, what fixing it would do, the detectors that fired. How
 * each is computed is in its tooltip and under "How the engine computes these".
 */
export function EngineSection({ report }: { report: StepReport }) {
  const humanize = useHumanize();
  const facts = engineFacts(report);
  return (
    <div className={styles.section} data-testid="inspector-engine">
      <h3>Engine</h3>
      <dl className={`${styles.kv} ${styles.engineKv}`}>
        {facts.map((f) => (
          <Fragment key={f.key}>
            <dt title={f.method}>{f.label}</dt>
            <dd title={f.method} data-testid={`engine-${f.key}`}>
              {f.key === "fix" ? humanize(f.value) : f.value}
            </dd>
          </Fragment>
        ))}
      </dl>
      <details className={styles.method} data-testid="engine-method">
        <summary className="muted">How the engine computes these</summary>
        {facts.map((f) => (
          <p key={f.key}>
            <b>{f.label}</b>: {f.method}
          </p>
        ))}
      </details>
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
        <strong>{finding.name}</strong>{" "}
        <span title="How strongly this detector points to a fault on the step">{percent(finding.score)}</span>
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
