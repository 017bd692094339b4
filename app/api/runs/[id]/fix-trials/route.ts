import { NextResponse } from "next/server";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { parseJsonBody } from "@/lib/server/http/parse-json-body";
import { isRunId } from "@/lib/server/queries/get-run-view";
import { storeCliFixTrial, ZCliFixTrial } from "@/lib/server/fixes/store-cli-fix-trial";

const MAX_BODY_BYTES = 256 * 1024;

/**
 * POST /api/runs/:id/fix-trials — stores a fix proved by the CLI (`culprit fix <recording> --app URL`)
 * beside the run; the run page and its pattern show it. Same access as ingestion. 201 with its id.
 */
export const POST = defineRoute<{ id: string }>({ access: "ingest" }, async (req, { params }) => {
  const { id } = params;
  if (!isRunId(id)) throw new ApiError(404, "not_found", "Unknown run.");
  const trial = await parseJsonBody(req, MAX_BODY_BYTES, ZCliFixTrial, "bad_fix_trial", "a fix trial");
  const stored = await storeCliFixTrial(id, trial);
  if (!stored) throw new ApiError(404, "not_found", "Unknown run.");
  return NextResponse.json({ trialId: stored.id, url: `/runs/${id}` }, { status: 201 });
});
