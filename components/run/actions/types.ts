import type { ShareLinkRow } from "@/lib/server/queries/share-links";

/** What every header action of the run page gets. */
export interface RunActionProps {
  runId: string;
  hasReport: boolean;
  shareLinks: ShareLinkRow[];
  /** Shows a short status or error message beside the actions. */
  report: (message: string) => void;
}
