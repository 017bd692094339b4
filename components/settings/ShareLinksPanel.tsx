"use client";
import Link from "next/link";
import { useTransition } from "react";
import { revokeShareLink } from "@/lib/server/actions/share-links";
import type { ShareLinkListRow } from "@/lib/server/queries/list-share-links";

/** Every live share link, with its run and expiry, and a revoke button. */
export function ShareLinksPanel({ links }: { links: ShareLinkListRow[] }) {
  const [pending, start] = useTransition();
  return (
    <section className="card stack" data-testid="share-links">
      <h2 style={{ margin: 0 }}>Share links</h2>
      {links.length === 0 ? (
        <p className="muted" style={{ margin: 0 }}>
          No live share links.
        </p>
      ) : null}
      <table>
        <tbody>
          {links.map((l) => (
            <tr key={l.token} data-testid="share-link-row">
              <td>
                <Link href={`/runs/${l.runId}`}>{l.runTitle}</Link>
              </td>
              <td>
                <code>/s/{l.token.slice(0, 6)}…</code>
              </td>
              <td>{l.expiresAt ? `expires ${l.expiresAt.slice(0, 10)}` : "no expiry"}</td>
              <td>
                <button type="button" className="button" disabled={pending} onClick={() => start(async () => void (await revokeShareLink({ token: l.token })))}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
