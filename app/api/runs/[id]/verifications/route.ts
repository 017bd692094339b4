import { NextResponse } from "next/server";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { parseJsonBody } from "@/lib/server/http/parse-json-body";
import { isRunId } from "@/lib/server/ids";
import { runUploadedBy, storeCliVerification, ZCliVerification } from "@/lib/server/replay/store-cli-verification";

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * POST /api/runs/:id/verifications — stores a verification run by the CLI
 * (`culprit verify <recording> --app URL`) beside the run's offline verdict.
 * Callers: a signed-in owner, the bootstrap key, or an "ingest-verify" key of the person who
 * uploaded the run (a key cannot vouch for runs it may not write; security review M-4). 201 with its id.
 */
export const POST = defineRoute<{ id: string }>({ access: "ingest" }, async (req, { params, caller }) => {
  const { id } = params;
  if (!isRunId(id)) throw new ApiError(404, "not_found", "Unknown run.");
  if (caller?.kind === "api-key" && caller.keyId) {
    if (caller.scope !== "ingest-verify")
      throw new ApiError(
        403,
        "forbidden",
        "This API key may only add runs; verification results need an ingest-verify key.",
      );
    if (!(await runUploadedBy(id, caller.userId)))
      throw new ApiError(403, "forbidden", "This API key may store verifications only on runs its owner uploaded.");
  }
  const verification = await parseJsonBody(req, MAX_BODY_BYTES, ZCliVerification, "bad_verification", "a verification");
  const stored = await storeCliVerification(id, verification);
  if (!stored) throw new ApiError(404, "not_found", "Unknown run.");
  return NextResponse.json({ verificationId: stored.id, url: `/runs/${id}` }, { status: 201 });
});
