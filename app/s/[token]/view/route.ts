import { ApiError } from "@/lib/server/api-errors";
import { cachedBodyCoding, jsonBodyResponse } from "@/lib/server/http/body-encoding";
import { defineRoute } from "@/lib/server/http/define-route";
import { getRunPageBodyBytes } from "@/lib/server/run-page/body";
import { resolveShareToken } from "@/lib/server/queries/share-links";
import { parseRunBodyFocus } from "@/lib/view/run-body-url";

/**
 * GET /s/:token/view — the share page's body (see /api/runs/:id/view). Share viewers never learn the
 * run id, so they ask through the token; a revoked, expired or unknown token is the same 404 as the
 * page gives. The body holds no run id (the page's run row, which would, is rendered with "shared").
 */
export const GET = defineRoute<{ token: string }>({ access: "public" }, async (req, { params: { token } }) => {
  const link = await resolveShareToken({ token });
  const body = link
    ? await getRunPageBodyBytes({
        runId: link.runId,
        focus: parseRunBodyFocus(new URL(req.url).searchParams),
        coding: cachedBodyCoding(req),
      })
    : undefined;
  if (!body) throw new ApiError(404, "not_found", "Not found.");
  // no-store: a revoked link must stop working at once, also from the browser's cache.
  return jsonBodyResponse(body.bytes, body.coding, { "cache-control": "no-store" });
});
