import { storeCliFixTrial, ZCliFixTrial } from "@/lib/server/fixes/store-cli-fix-trial";
import { cliResultRoute } from "../cli-result-route";

/**
 * POST /api/runs/:id/fix-trials — stores a fix proved by the CLI (`culprit fix <recording> --app URL`)
 * beside the run; the run page and its pattern show it. Callers as for verifications. 201 with its id.
 */
export const POST = cliResultRoute({
  maxBytes: 256 * 1024,
  schema: ZCliFixTrial,
  code: "bad_fix_trial",
  what: "a fix trial",
  needs: "fix trials",
  stores: "fix trials",
  store: storeCliFixTrial,
  idField: "trialId",
});
