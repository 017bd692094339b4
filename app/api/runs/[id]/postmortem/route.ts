import { errorResponse } from "@/lib/server/api-errors";
import { postmortemMarkdown } from "@/lib/view/postmortem-markdown";
import { attachment, exportFileName, runForExport } from "../export-helpers";

/** GET /api/runs/:id/postmortem — a Markdown postmortem of the run (`?download=1` for a file). */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const view = await runForExport((await params).id);
    const url = new URL(req.url);
    const md = postmortemMarkdown(view.run, view.steps, view.report, view.labels, `${url.origin}/runs/${view.run.id}`);
    return attachment(md, "text/markdown; charset=utf-8", exportFileName(view, "-postmortem.md"), url.searchParams.has("download"));
  } catch (err) {
    return errorResponse(err);
  }
}
