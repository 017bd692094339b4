"use client";
import Link from "next/link";
import { useTransition } from "react";
import { revokeShareLink } from "@/lib/server/actions/share-links";
import type { ShareLinkListRow } from "@/lib/server/queries/share-links";
import { ListPanel, RowActionButton } from "./ListPanel";

/** Every live share link, with its run and expiry, and a revoke button. */
export function ShareLinksPanel({ links }: { links: ShareLinkListRow[] }) {
  const [pending, start] = useTransition();
  return (
    <ListPanel
      testId="share-links"
      title="Share links"
      empty="No live share links."
      rows={links}
      rowKey={(l) => l.token}
      rowTestId="share-link-row"
      cells={(l) => [
        <Link key="run" href={`/runs/${l.runId}`}>
          {l.runTitle}
        </Link>,
        <code key="token">/s/{l.token.slice(0, 6)}…</code>,
        l.expiresAt ? `expires ${l.expiresAt.slice(0, 10)}` : "no expiry",
        <RowActionButton
          key="revoke"
          label="Revoke"
          pending={pending}
          onClick={() => start(async () => void (await revokeShareLink({ token: l.token })))}
        />,
      ]}
    />
  );
}
