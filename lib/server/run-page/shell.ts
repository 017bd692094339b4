import "server-only";
import type { Run } from "@/lib/generated/prisma/client";
import type { RunPageShell, ViewAnalysis, ViewLabel } from "@/lib/view/types";
import { RUN_DETAIL_FIELDS, type RunDetailField } from "@/lib/view/run-row";
import { db } from "../db";
import { isRunId } from "../ids";
import { pool } from "../pg-pool";
import { NEWEST_DONE_ANALYSIS_ID } from "./rows";
import { toViewAnalysis, toViewRun, VIEW_ANALYSIS_COLUMNS } from "./view-rows";

/** The run's detail columns, `createdAt` as an instant (see below). */
const RUN_COLUMNS = RUN_DETAIL_FIELDS.map((f) =>
  f === "createdAt" ? `r."createdAt" AT TIME ZONE 'UTC' AS "createdAt"` : `r."${f}"`,
).join(", ");

type ShellRow = Pick<Run, RunDetailField | "warnings"> & {
  latestId: string | null;
  latestStatus: string | null;
  latestProgress: number | null;
  latestError: string | null;
  latestCreatedAt: Date | null;
  latestFinishedAt: Date | null;
  doneId: string | null;
  labels: ViewLabel[];
};

/**
 * What can change on a run page, read on every request: the run row (it may be deleted), the newest
 * analysis (status, progress) and the labels; plus the newest finished analysis's id, the version of
 * the page's body. Undefined for an unknown run.
 */
export async function getRunPageShell({
  runId,
}: {
  runId: string;
}): Promise<{ shell: RunPageShell; bodyVersion: string; hasReport: boolean } | undefined> {
  if (!isRunId(runId)) return undefined;
  // One query, not one per part: a run page is requested often and each round trip costs both this
  // process and Postgres CPU. `timestamp without time zone` columns hold UTC (Prisma writes them so):
  // `AT TIME ZONE 'UTC'` makes them instants whatever the process's time zone, and the labels' JSON
  // carries them as ISO strings.
  const {
    rows: [row],
  } = await pool().query<ShellRow>(
    `SELECT ${RUN_COLUMNS}, r.warnings,
            latest.id AS "latestId", latest.status AS "latestStatus", latest.progress AS "latestProgress",
            latest.error AS "latestError", latest."createdAt" AT TIME ZONE 'UTC' AS "latestCreatedAt",
            latest."finishedAt" AT TIME ZONE 'UTC' AS "latestFinishedAt",
            ${NEWEST_DONE_ANALYSIS_ID} AS "doneId",
            (SELECT coalesce(json_agg(json_build_object('id', l.id, 'agent', l.agent, 'stepId', l."stepId",
                                                        'note', l.note, 'author', l.author, 'imported', l.imported,
                                                        'createdAt', to_char(l."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                                      ORDER BY l."createdAt", l.id), '[]'::json)
             FROM human_labels l WHERE l."runId" = r.id) AS labels
     FROM runs r
     LEFT JOIN LATERAL (SELECT id, status, progress, error, "createdAt", "finishedAt" FROM analyses
                        WHERE "runId" = r.id ORDER BY "createdAt" DESC LIMIT 1) latest ON true
     WHERE r.id = $1::uuid`,
    [runId],
  );
  if (!row) return undefined;
  const analysis =
    row.latestId === null
      ? null
      : toViewAnalysis({
          id: row.latestId,
          status: row.latestStatus!,
          progress: row.latestProgress!,
          error: row.latestError,
          createdAt: row.latestCreatedAt!,
          finishedAt: row.latestFinishedAt,
        });
  return {
    shell: { run: toViewRun(row), analysis, labels: row.labels },
    bodyVersion: row.doneId ?? "none",
    hasReport: row.doneId !== null,
  };
}

/** The newest analysis of a run, for progress polling. */
export async function getLatestAnalysis({ runId }: { runId: string }): Promise<ViewAnalysis | null> {
  if (!isRunId(runId)) return null;
  const row = await db().analysis.findFirst({
    where: { runId },
    orderBy: { createdAt: "desc" },
    select: VIEW_ANALYSIS_COLUMNS,
  });
  return row ? toViewAnalysis(row) : null;
}
