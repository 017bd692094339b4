"use client";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/action-result";
import { addHumanLabel } from "@/lib/server/actions/add-label";
import type { LabelFormProps } from "./LabelsPanel";
import styles from "./run.module.css";

type State = ActionResult<{ message: string }> | null;

/** The owner's form to record the true culprit; the server action checks the role itself. */
export function LabelForm({ runId, agents, selectedStepId }: LabelFormProps) {
  const [state, action, pending] = useActionState<State, FormData>((_prev, form) => addHumanLabel(form), null);
  return (
    <form action={action} className={styles.form} data-testid="label-form">
      <input type="hidden" name="runId" value={runId} />
      <label>
        True culprit agent{" "}
        <select name="agent" defaultValue="">
          <option value="">—</option>
          {agents.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label>
        Step id{" "}
        <input name="stepId" defaultValue={selectedStepId ?? ""} placeholder="e.g. the selected step" size={12} />
      </label>
      <textarea name="note" placeholder="Why (optional)" />
      <button type="submit" className="button" disabled={pending} data-testid="label-submit">
        Save label
      </button>
      {state ? (
        <span className={state.ok ? styles.agree : styles.disagree} role="status">
          {state.ok
            ? state.data.message
            : `${state.error.message} ${state.error.fields ? Object.values(state.error.fields).flat().join("; ") : ""}`}
        </span>
      ) : null}
    </form>
  );
}
