import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { attachment, exportFileName, runForExport } from "../export-helpers";

/** GET /api/runs/:id/report — the newest finished AnalysisReport as JSON (`?download=1` for a file). */
export const GET = defineRoute<{ id: string }>({ access: "reader" }, async (req, { params }) => {
  const view = await runForExport(params.id);
  if (!view.report) throw new ApiError(409, "no_analysis", "This run has no finished analysis yet.");
  const download = new URL(req.url).searchParams.has("download");
  return attachment(
    JSON.stringify(view.report, null, 2),
    "application/json; charset=utf-8",
    exportFileName(view, "-report.json"),
    download,
  );
});
