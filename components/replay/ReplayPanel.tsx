"use client";
import { useEffect, useState, useTransition } from "react";
import { cliVerificationCommand, type ReplayVerificationView } from "@/lib/replay/verification-view";
import {
  startReplayVerification,
  replayVerificationStatus,
  cancelReplayVerification,
} from "@/lib/server/actions/replay";

const ACTIVE = new Set(["queued", "running"]);
const AGREEMENT_TEXT: Record<string, string> = {
  agrees: "Replay agrees with the offline verdict",
  disagrees: "Replay disagrees with the offline verdict",
  inconclusive: "Replay is inconclusive",
};

/**
 * "Verify by replay": starts a verification of the run's offline verdict against the system's
 * replay endpoint, shows progress (replays used of the budget), lets the user cancel, and shows the
 * stored result beside (never instead of) the offline analysis.
 */
export function ReplayPanel({
  runId,
  latest,
  canStart = true,
}: {
  runId: string;
  latest: ReplayVerificationView | null;
  canStart?: boolean;
}) {
  const [view, setView] = useState<ReplayVerificationView | null>(latest);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const active = view !== null && ACTIVE.has(view.status);

  // Poll while the verification is queued or running; restart only when its id or status changes.
  const pollId = view && ACTIVE.has(view.status) ? view.id : null;
  useEffect(() => {
    if (!pollId) return;
    const id = pollId;
    const timer = setInterval(async () => {
      const next = await replayVerificationStatus({ verificationId: id }).catch(() => null);
      if (next?.ok && next.data) setView(next.data);
    }, 1000);
    return () => clearInterval(timer);
  }, [pollId]);

  const start = () =>
    startTransition(async () => {
      setMessage(null);
      const r = await startReplayVerification({ runId });
      if (!r.ok) return setMessage(r.error.message);
      const status = await replayVerificationStatus({ verificationId: r.data.verificationId });
      if (status.ok) setView(status.data);
    });
  const cancel = () =>
    startTransition(async () => {
      if (!view) return;
      const r = await cancelReplayVerification({ verificationId: view.id });
      setMessage(r.ok ? r.data.message : r.error.message);
      const status = await replayVerificationStatus({ verificationId: view.id });
      if (status.ok) setView(status.data);
    });

  return (
    <section className="card" data-testid="replay-panel" aria-labelledby="replay-title">
      <div className="row">
        <h2 id="replay-title" style={{ margin: 0, fontSize: "1rem" }}>
          Counterfactual replay
        </h2>
        {canStart ? (
          <button
            type="button"
            className="button primary"
            onClick={start}
            disabled={pending || active}
            data-testid="replay-start"
          >
            Verify by replay
          </button>
        ) : null}
        {active && canStart ? (
          <button
            type="button"
            className="button"
            onClick={cancel}
            disabled={pending || view.cancelRequested}
            data-testid="replay-cancel"
          >
            {view.cancelRequested ? "Cancelling…" : "Cancel"}
          </button>
        ) : null}
      </div>
      {message ? (
        <p className="alert warn" role="status">
          {message}
        </p>
      ) : null}
      {view ? (
        <VerificationBody view={view} />
      ) : (
        <p className="muted">
          Re-runs the system with one agent repaired at a time to check who really caused the failure.
        </p>
      )}
    </section>
  );
}

function VerificationBody({ view }: { view: ReplayVerificationView }) {
  const r = view.result;
  const cliCommand = cliVerificationCommand(view);
  return (
    <div data-testid="replay-result" data-status={view.status} data-agreement={view.agreement ?? ""}>
      {cliCommand !== null ? (
        <p className="muted" data-testid="replay-cli">
          Replayed by <code>culprit verify</code> through the record/replay proxy: <code>{cliCommand}</code>
          {divergedReplays(r)
            ? ` · ${divergedReplays(r)} replay(s) diverged from the recording; their later calls went to the model`
            : ""}
        </p>
      ) : null}
      <p className="muted">
        {view.status === "queued"
          ? "Queued…"
          : view.status === "running"
            ? `Replaying… ${Math.round(view.progress * 100)}%`
            : `Finished (${view.status})`}{" "}
        · {view.replayCount} of {view.budget} replays used
        {view.cacheHits ? `, ${view.cacheHits} from cache` : ""} · {view.method.replaceAll("+", ", ")}
      </p>
      {view.status === "failed" ? <p className="alert error">Verification failed: {view.error}</p> : null}
      {view.status === "cancelled" ? (
        <p className="alert warn">Cancelled. {view.replayCount} replay(s) made before that are kept.</p>
      ) : null}
      {r ? (
        <>
          <p data-testid="replay-agreement">
            <strong>{AGREEMENT_TEXT[r.agreement] ?? r.agreement}.</strong> {r.agreementNote}
          </p>
          <dl className="row">
            <dt className="muted">Offline culprit</dt>
            <dd>{r.offline.agent ?? "none"}</dd>
            <dt className="muted">Confirmed by replay</dt>
            <dd data-testid="replay-confirmed">{r.confirmedAgent ?? "none"}</dd>
            {r.confirmedStepId ? (
              <>
                <dt className="muted">Decisive step (binary search)</dt>
                <dd>{r.confirmedStepId}</dd>
              </>
            ) : null}
          </dl>
        </>
      ) : null}
      {view.interventions.length ? (
        <details>
          <summary>{view.interventions.length} intervention(s) tried</summary>
          <ol>
            {view.interventions.map((e, i) => (
              <li key={i}>
                {e.strategy}: {e.interventions.length === 0 ? "unchanged run" : describe(e.interventions)} →{" "}
                <strong>{e.outcome}</strong>
                {e.source !== "replay" ? (
                  <span className="muted"> ({e.source === "cache" ? "cached" : "repeat"})</span>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

function describe(ivs: ReplayVerificationView["interventions"][number]["interventions"]): string {
  if (ivs.length > 3) return `${ivs[0].mode} ${ivs.length} steps (${[...new Set(ivs.map((i) => i.agent))].join(", ")})`;
  return ivs.map((i) => `${i.mode} ${i.agent}${i.stepId ? ` step ${i.stepId}` : ""}`).join(", ");
}

/** CLI verifications keep what each proxy replay did; count those that left the recording. */
function divergedReplays(r: ReplayVerificationView["result"]): number {
  const replays = (r as { proxyReplays?: { divergence?: unknown }[] } | null)?.proxyReplays;
  return Array.isArray(replays) ? replays.filter((d) => d && d.divergence).length : 0;
}
