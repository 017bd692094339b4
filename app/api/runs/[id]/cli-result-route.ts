import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";
import { ApiError } from "@/lib/server/api-errors";
import { defineRoute } from "@/lib/server/http/define-route";
import { parseJsonBody } from "@/lib/server/http/parse-json-body";
import { isRunId } from "@/lib/server/ids";
import { runUploadedBy } from "@/lib/server/replay/store-cli-verification";

/** One kind of result the CLI posts beside a run (a verification, a proved fix). */
export interface CliResultKind<S extends z.ZodType> {
  /** The body's limit in bytes (413 above it). */
  maxBytes: number;
  schema: S;
  /** The 422 code and the phrase of its message ("Not a fix trial: …"). */
  code: string;
  what: string;
  /** What a key without the ingest-verify scope is told it needs ("fix trials"), and what it may store. */
  needs: string;
  stores: string;
  /** Stores the result; null when the run does not exist. */
  store: (runId: string, body: z.infer<S>) => Promise<{ id: string } | null>;
  /** The field the stored row's id is answered under ("trialId"). */
  idField: string;
}

/**
 * POST /api/runs/:id/<result>, shared by the CLI's result routes. Callers: a signed-in owner, the
 * bootstrap key, or an "ingest-verify" key of the person who uploaded the run (a key cannot vouch
 * for runs it may not write; security review M-4). 404 for an unknown run, 201 with the row's id.
 */
export function cliResultRoute<S extends z.ZodType>(kind: CliResultKind<S>) {
  return defineRoute<{ id: string }>({ access: "ingest" }, async (req, { params, caller }) => {
    const { id } = params;
    if (!isRunId(id)) throw new ApiError(404, "not_found", "Unknown run.");
    if (caller?.kind === "api-key" && caller.keyId) {
      if (caller.scope !== "ingest-verify")
        throw new ApiError(
          403,
          "forbidden",
          `This API key may only add runs; ${kind.needs} need an ingest-verify key.`,
        );
      if (!(await runUploadedBy(id, caller.userId)))
        throw new ApiError(403, "forbidden", `This API key may store ${kind.stores} only on runs its owner uploaded.`);
    }
    const body = await parseJsonBody(req, kind.maxBytes, kind.schema, kind.code, kind.what);
    const stored = await kind.store(id, body);
    if (!stored) throw new ApiError(404, "not_found", "Unknown run.");
    return NextResponse.json({ [kind.idField]: stored.id, url: `/runs/${id}` }, { status: 201 });
  });
}
