import { NextResponse } from "next/server";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { parseJsonBody } from "@/lib/server/http/parse-json-body";
import { isRunId } from "@/lib/server/ids";
import { runUploadedBy } from "@/lib/server/replay/store-cli-verification";
import { storeCliFixTrial, ZCliFixTrial } from "@/lib/server/fixes/store-cli-fix-trial";

const MAX_BODY_BYTES = 256 * 1024;

/**
 * POST /api/runs/:id/fix-trials — stores a fix proved by the CLI (`culprit fix <recording> --app URL`)
 * beside the run; the run page and its pattern show it. Callers as for verifications. 201 with its id.
 */
export const POST = defineRoute<{ id: string }>({ access: "ingest" }, async (req, { params, caller }) => {
  const { id } = params;
  if (!isRunId(id)) throw new ApiError(404, "not_found", "Unknown run.");
  // As for verifications: a key vouches only for runs its owner uploaded, and only with the ingest-verify scope.
  if (caller?.kind === "api-key" && caller.keyId) {
    if (caller.scope !== "ingest-verify")
      throw new ApiError(403, "forbidden", "This API key may only add runs; fix trials need an ingest-verify key.");
    if (!(await runUploadedBy(id, caller.userId)))
      throw new ApiError(403, "forbidden", "This API key may store fix trials only on runs its owner uploaded.");
  }
  const trial = await parseJsonBody(req, MAX_BODY_BYTES, ZCliFixTrial, "bad_fix_trial", "a fix trial");
  const stored = await storeCliFixTrial(id, trial);
  if (!stored) throw new ApiError(404, "not_found", "Unknown run.");
  return NextResponse.json({ trialId: stored.id, url: `/runs/${id}` }, { status: 201 });
});
