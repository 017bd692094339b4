"use client";
import { useEffect, useRef, useState, useTransition } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { rerunAnalysis } from "@/lib/server/actions/rerun-analysis";
import { createShareLink, revokeShareLink } from "@/lib/server/actions/share-links";
import type { ShareLinkRow } from "@/lib/server/queries/get-run-view";
import styles from "./run.module.css";

/** Copies text to the clipboard; falls back to a hidden textarea where the Clipboard API is missing. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

export function CopyLinkButton() {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button"
      data-testid="copy-link"
      onClick={async () => {
        await copyText(window.location.href);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? "Copied ✓" : "Copy link"}
    </button>
  );
}

function Menu({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  return (
    <div className={styles.menu} ref={ref}>
      <button type="button" className="button" data-testid={testId} aria-expanded={open} onClick={() => setOpen(!open)}>
        {label} ▾
      </button>
      {open ? <div className={styles.menuPanel}>{children}</div> : null}
    </div>
  );
}

/** Header actions of the (owner's) run page: copy link, share links, re-run, exports. */
export function RunActions({ runId, shareLinks, hasReport }: { runId: string; shareLinks: ShareLinkRow[]; hasReport: boolean }) {
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const live = shareLinks.filter((l) => !l.revokedAt);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <div className="row" style={{ gap: 6 }}>
      <CopyLinkButton />
      <Menu label="Share" testId="share-menu">
        <button
          type="button"
          className="button primary"
          data-testid="create-share-link"
          disabled={pending}
          onClick={() =>
            start(async () => {
              const result = await createShareLink(runId, window.location.search.replace(/^\?/, ""));
              if (result.ok) {
                setCreated(`${window.location.origin}${result.url}`);
                await copyText(`${window.location.origin}${result.url}`);
              } else setMessage(result.message);
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
        <span className="muted">Anyone with a link can view this run without an API key. Revoke to make it 404.</span>
        {live.map((l) => (
          <div key={l.token} className={styles.shareRow}>
            <input readOnly value={`${origin}/s/${l.token}`} aria-label="Existing share link" />
            <button
              type="button"
              className="button"
              data-testid="revoke-share-link"
              disabled={pending}
              onClick={() => start(async () => void (await revokeShareLink(l.token)))}
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
            const result = await rerunAnalysis(runId);
            if (!result.ok) setMessage(result.message);
            await queryClient.invalidateQueries({ queryKey: ["analysis", runId] });
          })
        }
      >
        Re-run
      </button>
      <Menu label="Export" testId="export-menu">
        <a href={`/api/runs/${runId}/report?download=1`} data-testid="export-report" aria-disabled={!hasReport}>Report (JSON)</a>
        <a href={`/api/runs/${runId}/postmortem?download=1`} data-testid="export-postmortem">Postmortem (Markdown)</a>
        <a href={`/api/runs/${runId}/training?download=1`} data-testid="export-training" aria-disabled={!hasReport}>Training signals (JSONL)</a>
      </Menu>
      {message ? <span className="muted">{message}</span> : null}
    </div>
  );
}
