"use client";
import { useEffect, useState, useTransition } from "react";
import { FIX_TYPE_TITLES, isFixType } from "@/lib/attribution/fixes/fix-types";
import { FLIP_VERDICT_TEXT, type FlipVerdict } from "@/lib/replay/flip-rate";
import type { FixTrialView, RunFixView } from "@/lib/view/fix-trial-view";
import { cancelFixTrialAction, fixTrialStatus, startFixTrial } from "@/lib/server/actions/fix-trial";
import { PatternLink } from "@/components/patterns/PatternLink";

const ACTIVE = new Set(["queued", "running"]);
const pct = (x: number) => `${Math.round(x * 100)}%`;
const title = (t: string) => (isFixType(t) ? FIX_TYPE_TITLES[t] : t);

/**
 * "Fix": the corrective instruction for each culprit, and "Try this fix", which replays the run
 * with the instruction appended to the agent's system prompt (owners only) and shows how many
 * replays now pass, beside the verdict. Polls the trial while it runs; it can be cancelled.
 */
export function FixPanel(props: {
  runId: string;
  fixes: RunFixView[];
  latest: FixTrialView | null;
  system: string | null;
  canStart: boolean;
}) {
  const { runId, fixes, system, canStart } = props;
  const [trial, setTrial] = useState<FixTrialView | null>(props.latest);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const active = trial !== null && ACTIVE.has(trial.status);
  const pollId = active ? trial.id : null;
  useEffect(() => {
    if (!pollId) return;
    const timer = setInterval(async () => {
      const next = await fixTrialStatus({ trialId: pollId }).catch(() => null);
      if (next?.ok && next.data) setTrial(next.data);
    }, 1000);
    return () => clearInterval(timer);
  }, [pollId]);
  const act = (run: () => Promise<{ ok: true; id: string } | { ok: false; message: string }>) =>
    startTransition(async () => {
      setMessage(null);
      const r = await run();
      if (!r.ok) return setMessage(r.message);
      const status = await fixTrialStatus({ trialId: r.id });
      if (status.ok) setTrial(status.data);
    });
  const tryFix = () =>
    act(async () => {
      const r = await startFixTrial({ runId });
      return r.ok ? { ok: true, id: r.data.trialId } : { ok: false, message: r.error.message };
    });
  const cancel = () =>
    act(async () => {
      const r = await cancelFixTrialAction({ trialId: trial!.id });
      return r.ok ? { ok: true, id: trial!.id } : { ok: false, message: r.error.message };
    });
  const decisive = fixes[0];
  return (
    <section className="card" data-testid="fix-panel" aria-labelledby="fix-title">
      <div className="row">
        <h2 id="fix-title" style={{ margin: 0, fontSize: "1rem" }}>
          What to change
        </h2>
        {canStart && decisive ? (
          <button
            type="button"
            className="button primary"
            onClick={tryFix}
            disabled={pending || active}
            data-testid="fix-try"
          >
            Try this fix
          </button>
        ) : null}
        {canStart && active ? (
          <button type="button" className="button" onClick={cancel} disabled={pending} data-testid="fix-cancel">
            Cancel
          </button>
        ) : null}
      </div>
      {message ? (
        <p className="alert warn" role="status">
          {message}
        </p>
      ) : null}
      {fixes.map((f) => (
        <div key={f.agent} data-testid="fix-suggestion">
          <p style={{ margin: "6px 0 2px" }}>
            <b>{f.agent}</b> <span className="muted">({f.role})</span> · {title(f.fixType)}
          </p>
          <p style={{ margin: 0 }}>“{f.instruction}”</p>
          <p className="muted" style={{ margin: "2px 0 0" }}>
            Written by {f.author === "judge" ? "the LLM judge" : "the offline template"} ·{" "}
            <PatternLink fix={f} system={system} />
          </p>
        </div>
      ))}
      {trial ? <TrialResult trial={trial} /> : null}
    </section>
  );
}

function TrialResult({ trial }: { trial: FixTrialView }) {
  const r = trial.result;
  const verdict = r.verdict ? (FLIP_VERDICT_TEXT[r.verdict as FlipVerdict] ?? r.verdict) : null;
  return (
    <div data-testid="fix-result" data-status={trial.status} data-agent={trial.agent} style={{ marginTop: 8 }}>
      {ACTIVE.has(trial.status) ? <p className="muted">Replaying with the fix for {trial.agent}…</p> : null}
      {trial.status === "failed" ? <p className="alert error">The fix trial failed: {trial.error}</p> : null}
      {trial.status === "cancelled" ? <p className="alert warn">Cancelled.</p> : null}
      {trial.status === "done" && r.interval ? (
        <p data-testid="fix-outcome">
          <strong>
            Fix for {trial.agent}: {trial.flipped} of {trial.runs} replays pass
          </strong>{" "}
          (95% interval {pct(r.interval[0])}–{pct(r.interval[1])}): {verdict}.
          {r.screened?.length && r.screened.at(-1)?.agent !== r.offlineAgent ? (
            <span className="muted">
              {" "}
              The offline culprit {r.offlineAgent}&apos;s fix did not flip a screening replay.
            </span>
          ) : null}
        </p>
      ) : null}
      {trial.status === "done" && trial.agent !== r.offlineAgent ? (
        <p className="muted" style={{ margin: 0 }} data-testid="fix-trial-instruction">
          Instruction tried on {trial.agent}: “{trial.instruction}”
        </p>
      ) : null}
    </div>
  );
}
