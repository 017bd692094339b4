import { defineRoute } from "@/lib/server/http/define-route";
import { resolveShareToken } from "@/lib/server/queries/share-links";
import { postmortemMarkdown } from "@/lib/view/postmortem-markdown";
import { attachment, exportFileName, runForExport } from "../export-helpers";

/**
 * GET /api/runs/:id/postmortem — a Markdown postmortem of the run (`?download=1` for a file).
 * `?share=<token>` names a live share link of this run to print in it; the run's own URL is never written, since a
 * pasted postmortem would otherwise be a permanent way in that no revocation removes (F-18).
 */
export const GET = defineRoute<{ id: string }>({ access: "viewer" }, async (req, { params }) => {
  const view = await runForExport(params.id);
  const url = new URL(req.url);
  const token = url.searchParams.get("share");
  const link = token ? await resolveShareToken({ token }) : null;
  const shareUrl = link && link.runId === view.run.id ? `${url.origin}/s/${token}` : undefined;
  const md = postmortemMarkdown(view.run, view.steps, view.report, view.labels, shareUrl);
  return attachment(
    md,
    "text/markdown; charset=utf-8",
    exportFileName(view, "-postmortem.md"),
    url.searchParams.has("download"),
  );
});
