import { defineRoute } from "@/lib/server/http/define-route";
import { getLatestAnalysis } from "@/lib/server/run-page/shell";

/** GET /api/runs/:id/analysis — status and progress of the newest analysis (polled by the run page). */
export const GET = defineRoute<{ id: string }>({ access: "viewer" }, async (_req, { params }) =>
  Response.json(
    { analysis: await getLatestAnalysis({ runId: params.id }) },
    { headers: { "cache-control": "no-store" } },
  ),
);
