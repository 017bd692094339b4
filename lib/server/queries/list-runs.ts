import "server-only";
import { pool } from "../pg-pool";
import { PAGE_SIZE, type TRunListParams } from "@/lib/runs/list-params";
import type { Run } from "@/lib/generated/prisma/client";
import {
  pickRunFields,
  RUN_SUMMARY_FIELDS,
  type RunListAnalysis,
  type RunListRow,
  type RunSummaryField,
} from "@/lib/view/run-row";
import { runColumnsSql } from "./run-columns";

/** A list row as the database returns it (dates as Date), before `pickRunFields` makes it JSON-safe. */
type RunListDbRow = Pick<Run, RunSummaryField> & RunListAnalysis;

const ORDER_COLUMN: Record<TRunListParams["sort"], string> = {
  created: `r."createdAt"`,
  steps: `r."stepCount"`,
  agents: `r."agentCount"`,
  tokens: `r."totalTokens"`,
  verification: `a."verificationCost"`,
  redundancy: `a."redundancyShare"`,
  title: `lower(r.title)`,
  system: `lower(coalesce(r.system, ''))`,
  outcome: `r.outcome`,
};

/** One page of runs with their latest verdict, plus the total count and the known systems. */
export async function listRuns(params: TRunListParams) {
  const where: string[] = [];
  const args: unknown[] = [];
  if (params.outcome) {
    args.push(params.outcome);
    where.push(`r.outcome = $${args.length}::"Outcome"`);
  }
  if (params.system) {
    args.push(params.system);
    where.push(`r.system = $${args.length}`);
  }
  if (params.q) {
    args.push(`%${params.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(r.title ILIKE $${args.length} OR r.task ILIKE $${args.length})`);
  }
  // The newest analysis of each run: its columns can be filtered and sorted on.
  const latest = `LEFT JOIN LATERAL (SELECT status, "culpritAgent", "interactionClass", "verificationCost", "redundancyShare", "flagKinds" FROM analyses WHERE "runId" = r.id ORDER BY "createdAt" DESC LIMIT 1) a ON true`;
  if (params.flag) {
    args.push(params.flag);
    where.push(`$${args.length} = ANY(a."flagKinds")`);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const order = `${ORDER_COLUMN[params.sort]} ${params.dir === "asc" ? "ASC" : "DESC"} NULLS LAST, r.id`;
  const offset = (params.page - 1) * PAGE_SIZE;
  const [rows, count, systems] = await Promise.all([
    pool().query<RunListDbRow>(
      `SELECT ${runColumnsSql(RUN_SUMMARY_FIELDS)},
              a."culpritAgent" AS culprit, a."interactionClass" AS interaction, a.status AS "analysisStatus",
              a."verificationCost", a."redundancyShare", a."flagKinds"
       FROM runs r
       ${latest}
       ${whereSql} ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
      args,
    ),
    pool().query<{ n: string }>(`SELECT count(*) AS n FROM runs r ${params.flag ? latest : ""} ${whereSql}`, args),
    pool().query<{ system: string }>(
      `SELECT DISTINCT system FROM runs WHERE system IS NOT NULL ORDER BY system LIMIT 200`,
    ),
  ]);
  const runs = rows.rows.map((r): RunListRow => ({ ...r, ...pickRunFields(r, RUN_SUMMARY_FIELDS) }));
  return { runs, total: Number(count.rows[0].n), systems: systems.rows.map((s) => s.system) };
}
