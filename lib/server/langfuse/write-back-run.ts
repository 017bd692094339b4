import "server-only";
import { writeBackVerdict } from "@/lib/langfuse/write-back";
import type { LangfuseClient } from "@/lib/langfuse/langfuse-client";
import type { ReportLike } from "@/lib/verdict/verdict-summary";
import { pool } from "../pg-pool";
import { readStoredReport } from "../read-report";

/** Write-backs per run and hour: a verdict changes only with a new analysis. */
export const WRITE_BACKS_PER_HOUR = 6;
const recent = new Map<string, number[]>();

export class WriteBackRefused extends Error {
  constructor(
    readonly code: "not_found" | "conflict" | "rate_limited",
    message: string,
  ) {
    super(message);
  }
}

/** The Langfuse trace a run came from (its `id`, kept in the run's attributes by the importer). */
async function langfuseRun(runId: string) {
  const { rows } = await pool().query<{ sourceFormat: string; traceId: string | null; result: unknown }>(
    `SELECT r."sourceFormat", r.attributes->>'id' AS "traceId",
            (SELECT result FROM analyses a WHERE a."runId" = r.id AND a.status = 'done'
             ORDER BY a."createdAt" DESC LIMIT 1) AS result
     FROM runs r WHERE r.id = $1::uuid`,
    [runId],
  );
  return rows[0];
}

/** Posts the run's newest verdict to the Langfuse trace it came from, as a score and a comment. */
export async function writeBackRun(client: LangfuseClient, runId: string, runUrl: string | undefined) {
  const run = await langfuseRun(runId);
  if (!run) throw new WriteBackRefused("not_found", "Unknown run.");
  if (run.sourceFormat !== "langfuse" || !run.traceId)
    throw new WriteBackRefused("conflict", "This run was not imported from Langfuse.");
  const stored = readStoredReport(run.result);
  if (!stored) throw new WriteBackRefused("conflict", "This run has no finished analysis yet.");
  const now = Date.now();
  const times = (recent.get(runId) ?? []).filter((t) => t > now - 3_600_000);
  if (times.length >= WRITE_BACKS_PER_HOUR)
    throw new WriteBackRefused("rate_limited", `At most ${WRITE_BACKS_PER_HOUR} write-backs per run and hour.`);
  recent.set(runId, [...times, now]);
  const ids = await writeBackVerdict(client, stored.report as ReportLike, { traceId: run.traceId, runUrl });
  return { traceId: run.traceId, ...ids };
}
