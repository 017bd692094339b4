import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { getStepDetailJson } from "@/lib/server/run-page/step-detail";
import { resolveShareToken } from "@/lib/server/queries/share-links";

/**
 * GET /s/:token/steps/:stepId — the share page's step detail. Share viewers never learn the run id,
 * so they ask through the token; a revoked, expired or unknown token is the same 404 as the page gives.
 */
export const GET = defineRoute<{ token: string; stepId: string }>(
  { access: "public" },
  async (_req, { params: { token, stepId } }) => {
    const link = await resolveShareToken({ token });
    const detail = link ? await getStepDetailJson({ runId: link.runId, stepId }) : undefined;
    if (!detail) throw new ApiError(404, "not_found", "Not found.");
    // no-store: a revoked link must stop working at once, also from the browser's cache.
    return new Response(detail.json, { headers: { "cache-control": "no-store", "content-type": "application/json" } });
  },
);
