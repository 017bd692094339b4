"use client";
import type { ComponentType } from "react";
import { labelAgreement, type Agreement } from "@/lib/view/label-agreement";
import type { ReportSummary, ViewLabel } from "@/lib/view/types";
import { SelectLink } from "./SelectLink";
import styles from "./run.module.css";

const AGREEMENT_TEXT: Record<Agreement, string> = {
  agrees: "✓ engine agrees",
  disagrees: "✕ engine disagrees",
  "no-verdict": "no engine verdict yet",
  "not-labelled": "",
};

function AgreementBadge({ what, value }: { what: string; value: Agreement }) {
  if (value === "not-labelled") return null;
  return (
    <span
      className={value === "agrees" ? styles.agree : value === "disagrees" ? styles.disagree : "muted"}
      data-testid={`label-${what}-agreement`}
      data-value={value}
    >
      {what}: {AGREEMENT_TEXT[value]}
    </span>
  );
}

export type LabelFormProps = { runId: string; agents: string[]; selectedStepId: string | null };

/**
 * Human and imported labels of the true culprit, with whether the engine agrees; plus, for owners,
 * the form to add one (components/run/LabelForm, passed in so this module imports no server action).
 */
export function LabelsPanel({
  runId,
  labels,
  report,
  agents,
  selectedStepId,
  LabelForm,
}: {
  runId: string;
  labels: ViewLabel[];
  report: ReportSummary | null;
  agents: string[];
  selectedStepId: string | null;
  LabelForm?: ComponentType<LabelFormProps>;
}) {
  return (
    <div className={styles.labels} data-testid="labels-panel">
      {labels.length === 0 ? <span className="muted">No labels yet.</span> : null}
      {labels.map((l) => {
        const agree = labelAgreement(l, report);
        return (
          <div key={l.id} className={styles.label} data-testid="label" data-imported={l.imported ? "true" : "false"}>
            <div>
              <strong>{l.imported ? "Imported label" : l.author}</strong>
              {l.agent ? (
                <>
                  {" "}
                  · agent <SelectLink selection={{ type: "agent", id: l.agent }}>{l.agent}</SelectLink>
                </>
              ) : null}
              {l.stepId ? (
                <>
                  {" "}
                  · step <SelectLink selection={{ type: "step", id: l.stepId }} />
                </>
              ) : null}
            </div>
            <div className="row" style={{ gap: 8 }}>
              <AgreementBadge what="agent" value={agree.agent} />
              <AgreementBadge what="step" value={agree.step} />
            </div>
            {l.note ? <div className="muted">{l.note}</div> : null}
          </div>
        );
      })}
      {LabelForm ? (
        <LabelForm runId={runId} agents={agents} selectedStepId={selectedStepId} key={selectedStepId ?? "none"} />
      ) : null}
    </div>
  );
}
