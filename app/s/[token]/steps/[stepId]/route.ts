import { ApiError, errorResponse } from "@/lib/server/api-errors";
import { getStepDetail, resolveShareToken } from "@/lib/server/queries/get-run-view";

/**
 * GET /s/:token/steps/:stepId — the share page's step detail. Share viewers never learn the run id,
 * so they ask through the token; a revoked or unknown token is the same 404 as the page gives.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ token: string; stepId: string }> }) {
  try {
    const { token, stepId } = await params;
    const link = await resolveShareToken({ token });
    const detail = link ? await getStepDetail({ runId: link.runId, stepId }) : undefined;
    if (!detail) throw new ApiError(404, "not_found", "Not found.");
    return Response.json(detail, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    return errorResponse(err);
  }
}
