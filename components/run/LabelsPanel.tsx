"use client";
import { useActionState } from "react";
import { addHumanLabel, type AddLabelState } from "@/lib/server/actions/add-label";
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
    <span className={value === "agrees" ? styles.agree : value === "disagrees" ? styles.disagree : "muted"} data-testid={`label-${what}-agreement`} data-value={value}>
      {what}: {AGREEMENT_TEXT[value]}
    </span>
  );
}

/** Human and imported labels of the true culprit, with whether the engine agrees; plus the form to add one. */
export function LabelsPanel({ runId, labels, report, agents, selectedStepId, readOnly }: { runId: string; labels: ViewLabel[]; report: ReportSummary | null; agents: string[]; selectedStepId: string | null; readOnly: boolean }) {
  const [state, action, pending] = useActionState<AddLabelState | null, FormData>(addHumanLabel, null);
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
                  {" "}· agent <SelectLink selection={{ type: "agent", id: l.agent }}>{l.agent}</SelectLink>
                </>
              ) : null}
              {l.stepId ? (
                <>
                  {" "}· step <SelectLink selection={{ type: "step", id: l.stepId }} />
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
      {readOnly ? null : (
        <form action={action} className={styles.form} data-testid="label-form" key={selectedStepId ?? "none"}>
          <input type="hidden" name="runId" value={runId} />
          <label>
            True culprit agent{" "}
            <select name="agent" defaultValue="">
              <option value="">—</option>
              {agents.map((a) => (
                <option key={a} value={a}>{a}</option>
              ))}
            </select>
          </label>
          <label>
            Step id <input name="stepId" defaultValue={selectedStepId ?? ""} placeholder="e.g. the selected step" size={12} />
          </label>
          <textarea name="note" placeholder="Why (optional)" />
          <button type="submit" className="button" disabled={pending} data-testid="label-submit">
            Save label
          </button>
          {state ? (
            <span className={state.ok ? styles.agree : styles.disagree} role="status">
              {state.message} {state.errors ? Object.values(state.errors).flat().join("; ") : ""}
            </span>
          ) : null}
        </form>
      )}
    </div>
  );
}
