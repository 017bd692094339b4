import { errorResponse } from "@/lib/server/api-errors";
import { getLatestAnalysis } from "@/lib/server/queries/get-run-view";

/** GET /api/runs/:id/analysis — status and progress of the newest analysis (polled by the run page). */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    const { id } = await params;
    return Response.json({ analysis: await getLatestAnalysis({ runId: id }) }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    return errorResponse(err);
  }
}
