import { ApiError, errorResponse } from "@/lib/server/api-errors";
import { getStepDetail } from "@/lib/server/queries/get-run-view";

/**
 * GET /api/runs/:id/steps/:stepId — one step in full (content, input, tool, attributes) and the
 * engine's findings on it. The run page ships summaries only and asks here when a step is selected.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string; stepId: string }> }) {
  try {
    const { id, stepId } = await params;
    const detail = await getStepDetail({ runId: id, stepId });
    if (!detail) throw new ApiError(404, "not_found", `No step "${stepId}" in run "${id}".`);
    return Response.json(detail, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    return errorResponse(err);
  }
}
