import { storeCliVerification, ZCliVerification } from "@/lib/server/replay/store-cli-verification";
import { cliResultRoute } from "../cli-result-route";

/**
 * POST /api/runs/:id/verifications — stores a verification run by the CLI
 * (`culprit verify <recording> --app URL`) beside the run's offline verdict. Callers and answers:
 * see cliResultRoute (an ingest-verify key only for runs its owner uploaded). 201 with its id.
 */
export const POST = cliResultRoute({
  maxBytes: 5 * 1024 * 1024,
  schema: ZCliVerification,
  code: "bad_verification",
  what: "a verification",
  needs: "verification results",
  stores: "verifications",
  store: storeCliVerification,
  idField: "verificationId",
});
