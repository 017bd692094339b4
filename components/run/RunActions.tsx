"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { deleteRun } from "@/lib/server/actions/delete-run";
import { rerunAnalysis } from "@/lib/server/actions/rerun-analysis";
import { createShareLink, revokeShareLink } from "@/lib/server/actions/share-links";
import type { ShareLinkRow } from "@/lib/server/queries/share-links";
import { Menu } from "@/components/ui/Menu";
import { CopyLinkButton, copyText } from "./CopyLinkButton";
import styles from "./run.module.css";

const LIFETIMES: { days: number; label: string }[] = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 0, label: "never expires" },
];

function ExportMenu({ runId, hasReport }: { runId: string; hasReport: boolean }) {
  return (
    <Menu label="Export ▾" testId="export-menu">
      <a href={`/api/runs/${runId}/report?download=1`} data-testid="export-report" aria-disabled={!hasReport}>
        Report (JSON)
      </a>
      <a href={`/api/runs/${runId}/postmortem?download=1`} data-testid="export-postmortem">
        Postmortem (Markdown)
      </a>
      <a href={`/api/runs/${runId}/training?download=1`} data-testid="export-training" aria-disabled={!hasReport}>
        Training signals (JSONL)
      </a>
    </Menu>
  );
}

/**
 * Header actions of the run page. Everyone who may read gets copy link and exports; owners also get
 * share links (create with a lifetime, list, revoke), re-run and delete. The server actions check
 * the role themselves: hiding buttons is only a courtesy.
 */
export function RunActions({ runId, shareLinks, hasReport, canEdit }: { runId: string; shareLinks: ShareLinkRow[]; hasReport: boolean; canEdit: boolean }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [days, setDays] = useState(30);
  const queryClient = useQueryClient();
  const router = useRouter();
  const now = Date.now();
  const live = shareLinks.filter((l) => !l.revokedAt && (!l.expiresAt || Date.parse(l.expiresAt) > now));
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  if (!canEdit) {
    return (
      <div className="row" style={{ gap: 6 }}>
        <CopyLinkButton />
        <ExportMenu runId={runId} hasReport={hasReport} />
      </div>
    );
  }
  return (
    <div className="row" style={{ gap: 6 }}>
      <CopyLinkButton />
      <Menu label="Share ▾" testId="share-menu">
        <label className="muted">
          Expires after{" "}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="share-lifetime">
            {LIFETIMES.map((l) => (
              <option key={l.days} value={l.days}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button primary"
          data-testid="create-share-link"
          disabled={pending}
          onClick={() =>
            start(async () => {
              const result = await createShareLink({ runId, viewState: window.location.search.replace(/^\?/, ""), expiresInDays: days });
              if (result.ok) {
                setCreated(`${window.location.origin}${result.data.url}`);
                await copyText(`${window.location.origin}${result.data.url}`);
              } else setMessage(result.error.message);
            })
          }
        >
          Create read-only link (this view)
        </button>
        {created ? (
          <div className={styles.shareRow}>
            <input readOnly value={created} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} aria-label="Share link" />
            <span className="muted">copied</span>
          </div>
        ) : null}
        <span className="muted">Anyone with a link can view this run, and only this run, without signing in. Revoke to make it 404.</span>
        {live.map((l) => (
          <div key={l.token} className={styles.shareRow}>
            <input readOnly value={`${origin}/s/${l.token}`} aria-label="Existing share link" />
            <span className="muted">{l.expiresAt ? `until ${l.expiresAt.slice(0, 10)}` : "no expiry"}</span>
            <button
              type="button"
              className="button"
              data-testid="revoke-share-link"
              disabled={pending}
              onClick={() =>
                start(async () => {
                  const r = await revokeShareLink({ token: l.token });
                  if (!r.ok) setMessage(r.error.message);
                })
              }
            >
              Revoke
            </button>
          </div>
        ))}
      </Menu>
      <button
        type="button"
        className="button"
        data-testid="rerun-analysis"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const result = await rerunAnalysis({ runId });
            if (!result.ok) setMessage(result.error.message);
            await queryClient.invalidateQueries({ queryKey: ["analysis", runId] });
          })
        }
      >
        Re-run
      </button>
      <ExportMenu runId={runId} hasReport={hasReport} />
      <button
        type="button"
        className="button"
        data-testid="delete-run"
        disabled={pending}
        onClick={() => {
          if (!window.confirm("Delete this run and everything of it (analyses, labels, share links, replays)? This cannot be undone.")) return;
          start(async () => {
            const result = await deleteRun({ runId });
            if (result.ok) router.push("/");
            else setMessage(result.error.message);
          });
        }}
      >
        Delete
      </button>
      {message ? (
        <span className="muted" role="status">
          {message}
        </span>
      ) : null}
    </div>
  );
}
