import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { getStepDetail } from "@/lib/server/queries/get-run-view";

/**
 * GET /api/runs/:id/steps/:stepId — one step in full (content, input, tool, attributes) and the
 * engine's findings on it. The run page ships summaries only and asks here when a step is selected.
 */
export const GET = defineRoute<{ id: string; stepId: string }>({ access: "viewer" }, async (_req, { params: { id, stepId } }) => {
  const detail = await getStepDetail({ runId: id, stepId });
  if (!detail) throw new ApiError(404, "not_found", `No step "${stepId}" in run "${id}".`);
  return Response.json(detail, { headers: { "cache-control": "no-store" } });
});
