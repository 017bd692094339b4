import { NextResponse } from "next/server";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { parseJsonBody } from "@/lib/server/http/parse-json-body";
import { isRunId } from "@/lib/server/queries/get-run-view";
import { storeCliVerification, ZCliVerification } from "@/lib/server/replay/store-cli-verification";

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * POST /api/runs/:id/verifications — stores a verification run by the CLI
 * (`culprit verify <recording> --app URL`) beside the run's offline verdict.
 * Same access as ingestion (a bearer API key, or an owner). 201 with its id.
 */
export const POST = defineRoute<{ id: string }>({ access: "ingest" }, async (req, { params }) => {
  const { id } = params;
  if (!isRunId(id)) throw new ApiError(404, "not_found", "Unknown run.");
  const verification = await parseJsonBody(req, MAX_BODY_BYTES, ZCliVerification, "bad_verification", "a verification");
  const stored = await storeCliVerification(id, verification);
  if (!stored) throw new ApiError(404, "not_found", "Unknown run.");
  return NextResponse.json({ verificationId: stored.id, url: `/runs/${id}` }, { status: 201 });
});
