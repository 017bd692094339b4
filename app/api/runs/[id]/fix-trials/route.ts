import { NextResponse } from "next/server";
import { readBodyLimited } from "@/lib/server/read-body";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
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
  const bytes = await readBodyLimited(req, MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(400, "malformed_json", "The body must be JSON.");
  }
  const parsed = ZCliFixTrial.safeParse(value);
  if (!parsed.success)
    throw new ApiError(
      422,
      "bad_fix_trial",
      `Not a fix trial: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ")}`,
    );
  const stored = await storeCliFixTrial(id, parsed.data);
  if (!stored) throw new ApiError(404, "not_found", "Unknown run.");
  return NextResponse.json({ trialId: stored.id, url: `/runs/${id}` }, { status: 201 });
});
