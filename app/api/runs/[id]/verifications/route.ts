import { NextResponse } from "next/server";
import { readBodyLimited } from "@/lib/server/read-body";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { isRunId } from "@/lib/server/ids";
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
  const bytes = await readBodyLimited(req, MAX_BODY_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(400, "malformed_json", "The body must be JSON.");
  }
  const parsed = ZCliVerification.safeParse(value);
  if (!parsed.success)
    throw new ApiError(
      422,
      "bad_verification",
      `Not a verification: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ")}`,
    );
  const stored = await storeCliVerification(id, parsed.data);
  if (!stored) throw new ApiError(404, "not_found", "Unknown run.");
  return NextResponse.json({ verificationId: stored.id, url: `/runs/${id}` }, { status: 201 });
});
