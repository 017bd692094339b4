import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { ifNoneMatch } from "@/lib/server/http/if-none-match";
import { getStepDetailJson } from "@/lib/server/run-page/step-detail";

/**
 * GET /api/runs/:id/steps/:stepId — one step in full (content, input, tool, attributes) and the
 * engine's findings on it. The run page ships summaries only and asks here when a step is selected.
 * A step never changes and its findings change only with a new analysis: the response carries that
 * analysis as its ETag, and the browser revalidates (private: access is checked on every request)
 * and gets a 304 without the body when nothing changed.
 */
export const GET = defineRoute<{ id: string; stepId: string }>(
  { access: "reader" },
  async (req, { params: { id, stepId } }) => {
    const detail = await getStepDetailJson({ runId: id, stepId });
    if (!detail) throw new ApiError(404, "not_found", `No step "${stepId}" in run "${id}".`);
    const etag = `"${detail.version}"`;
    const headers = { "cache-control": "private, no-cache", etag };
    if (ifNoneMatch(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    return new Response(detail.json, { headers: { ...headers, "content-type": "application/json" } });
  },
);
