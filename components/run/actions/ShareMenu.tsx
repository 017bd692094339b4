"use client";
import { useState, useTransition } from "react";
import { createShareLink, revokeShareLink } from "@/lib/server/actions/share-links";
import { Menu } from "@/components/ui/Menu";
import { copyText } from "../CopyLinkButton";
import type { RunActionProps } from "./types";
import styles from "../run.module.css";

const LIFETIMES: { days: number; label: string }[] = [
  { days: 1, label: "1 day" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 0, label: "never expires" },
];

/** Share links: create one for this view with a lifetime (copied at once), list the live ones, revoke. */
export function ShareMenu({ runId, shareLinks, report }: RunActionProps) {
  const [pending, start] = useTransition();
  const [created, setCreated] = useState<string | null>(null);
  const [days, setDays] = useState(30);
  const now = Date.now();
  const live = shareLinks.filter((l) => !l.revokedAt && (!l.expiresAt || Date.parse(l.expiresAt) > now));
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const create = () =>
    start(async () => {
      const result = await createShareLink({
        runId,
        viewState: window.location.search.replace(/^\?/, ""),
        expiresInDays: days,
      });
      if (!result.ok) return report(result.error.message);
      setCreated(`${window.location.origin}${result.data.url}`);
      await copyText(`${window.location.origin}${result.data.url}`);
    });
  return (
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
        onClick={create}
      >
        Create read-only link (this view)
      </button>
      {created ? (
        <div className={styles.shareRow}>
          <input
            readOnly
            value={created}
            data-testid="share-url"
            onFocus={(e) => e.currentTarget.select()}
            aria-label="Share link"
          />
          <span className="muted">copied</span>
        </div>
      ) : null}
      <span className="muted">
        Anyone with a link can view this run, and only this run, without signing in. Revoke to make it 404.
      </span>
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
                if (!r.ok) report(r.error.message);
              })
            }
          >
            Revoke
          </button>
        </div>
      ))}
    </Menu>
  );
}
