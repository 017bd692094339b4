import "server-only";
import { z } from "zod";
import { checkTraceId } from "@/lib/langfuse/fetch-traces";
import { config } from "../config";
import { isRunId } from "../ids";
import { ActionFailure } from "./define-action";
import { importFromLangfuse, MAX_IMPORT_IDS, parseTraceIds } from "../langfuse/import-from-langfuse";
import { serverLangfuse } from "../langfuse/langfuse-settings";
import { writeBackRun, WriteBackRefused } from "../langfuse/write-back-run";

/**
 * The Langfuse server actions' options and handlers (lib/server/actions/langfuse.ts wires them
 * with defineAction; the integration tests run them through runAction with real headers).
 */
function langfuseOrFail() {
  const client = serverLangfuse();
  if (!client)
    throw new ActionFailure(
      "conflict",
      "Langfuse is not set up: an owner sets LANGFUSE_HOST, LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY.",
    );
  return client;
}

export const IMPORT_OPTIONS = {
  input: z.object({ traceIds: z.string().trim().min(1, "Give a trace id.").max(4000) }),
  role: "owner" as const,
};

export async function importHandler({ traceIds }: z.output<typeof IMPORT_OPTIONS.input>) {
  const ids = parseTraceIds(traceIds);
  if (ids.length > MAX_IMPORT_IDS)
    throw new ActionFailure("bad_input", `At most ${MAX_IMPORT_IDS} trace ids at a time.`);
  try {
    ids.forEach(checkTraceId);
  } catch (e) {
    throw new ActionFailure("bad_input", (e as Error).message);
  }
  const results = await importFromLangfuse(langfuseOrFail(), ids);
  return { results: results.map((r) => ({ ...r, url: r.runId ? `/runs/${r.runId}` : undefined })) };
}

export const WRITE_BACK_OPTIONS = {
  input: z.object({ runId: z.string().refine(isRunId, "Unknown run.") }),
  role: "owner" as const,
};

export async function writeBackHandler(
  { runId }: z.output<typeof WRITE_BACK_OPTIONS.input>,
  { headers }: { headers: Headers },
) {
  const client = langfuseOrFail();
  // The link in the comment: the public URL when set, else the origin the owner uses (the action guard checked it).
  const origin = config().CULPRIT_PUBLIC_URL ?? headers.get("origin") ?? undefined;
  try {
    return await writeBackRun(client, runId, origin ? new URL(`/runs/${runId}`, origin).href : undefined);
  } catch (e) {
    if (e instanceof WriteBackRefused) throw new ActionFailure(e.code, e.message);
    throw new ActionFailure("conflict", `Langfuse refused the write-back: ${(e as Error).message.slice(0, 300)}`);
  }
}
