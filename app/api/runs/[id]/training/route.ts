import { toTrainingJsonl } from "@/lib/attribution";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { loadTrace } from "@/lib/server/load-trace";
import { attachment, exportFileName, runForExport } from "../export-helpers";

/** GET /api/runs/:id/training — per-step rewards and preference pairs as JSONL (`?download=1` for a file). */
export const GET = defineRoute<{ id: string }>({ access: "viewer" }, async (req, { params }) => {
  const view = await runForExport(params.id);
  if (!view.report) throw new ApiError(409, "no_analysis", "This run has no finished analysis yet.");
  // The export needs the full, unclipped trace text.
  const trace = (await loadTrace(view.run.id))!;
  const body = toTrainingJsonl(view.report, trace);
  return attachment(
    body,
    "application/x-ndjson; charset=utf-8",
    exportFileName(view, "-training.jsonl"),
    new URL(req.url).searchParams.has("download"),
  );
});
