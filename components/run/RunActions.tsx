"use client";
import { useState } from "react";
import type { ShareLinkRow } from "@/lib/server/queries/share-links";
import { CopyLinkButton } from "./CopyLinkButton";
import { ExportMenu } from "./actions/ExportMenu";
import { OWNER_ACTIONS, OWNER_TRAILING_ACTIONS } from "./actions/owner-actions";
import type { RunActionProps } from "./actions/types";

/**
 * Header actions of the run page. Everyone who may read gets copy link and exports; owners also get
 * the actions listed in actions/owner-actions.ts (share links, re-run, delete). The server actions
 * check the role themselves: hiding buttons is only a courtesy.
 */
export function RunActions({
  runId,
  shareLinks,
  hasReport,
  canEdit,
}: {
  runId: string;
  shareLinks: ShareLinkRow[];
  hasReport: boolean;
  canEdit: boolean;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const props: RunActionProps = { runId, shareLinks, hasReport, report: setMessage };
  return (
    <div className="row" style={{ gap: 6, flexWrap: "nowrap" }}>
      <CopyLinkButton />
      {canEdit ? OWNER_ACTIONS.map(({ key, Action }) => <Action key={key} {...props} />) : null}
      <ExportMenu runId={runId} hasReport={hasReport} />
      {canEdit ? OWNER_TRAILING_ACTIONS.map(({ key, Action }) => <Action key={key} {...props} />) : null}
      {message ? (
        <span className="muted" role="status">
          {message}
        </span>
      ) : null}
    </div>
  );
}
