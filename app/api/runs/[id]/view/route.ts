import { ApiError } from "@/lib/server/api-errors";
import { cachedBodyCoding, jsonBodyResponse } from "@/lib/server/http/body-encoding";
import { defineRoute } from "@/lib/server/http/define-route";
import { ifNoneMatch } from "@/lib/server/http/if-none-match";
import { getRunPageBodyBytes } from "@/lib/server/run-page/body";
import { parseRunBodyFocus } from "@/lib/view/run-body-url";

/**
 * GET /api/runs/:id/view — the immutable part of the run page (steps, edges, agents, the report's
 * summary; a large run's window around `range` or `step`), which the page fetches rather than
 * inlines (decision 0019). It is the same for every caller who may see the run, and changes only
 * with a new finished analysis: served from an in-process cache of its JSON bytes, with that analysis
 * and the window as its ETag. Private, revalidated every time: access is checked on every request.
 * Compressed once per cached body when the front server can label it (decision 0023).
 */
export const GET = defineRoute<{ id: string }>({ access: "viewer" }, async (req, { params: { id } }) => {
  const body = await getRunPageBodyBytes({
    runId: id,
    focus: parseRunBodyFocus(new URL(req.url).searchParams),
    coding: cachedBodyCoding(req),
  });
  if (!body) throw new ApiError(404, "not_found", `No run "${id}".`);
  // One validator per representation (RFC 9110 8.8.3): the br, gzip and plain copies are different bytes.
  const etag = `"${body.version}${body.coding === "identity" ? "" : `-${body.coding}`}"`;
  const headers = { "cache-control": "private, no-cache", etag, vary: "accept-encoding" };
  if (ifNoneMatch(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return jsonBodyResponse(body.bytes, body.coding, headers);
});
