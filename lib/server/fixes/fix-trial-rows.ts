import "server-only";
import { db } from "../db";
import { pool } from "../pg-pool";
import type { FixTrialView, RunFixView } from "@/lib/view/fix-trial-view";

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["fixTrial"]["findUnique"]>>>;

function toView(row: Row): FixTrialView {
  const result =
    row.replays && typeof row.replays === "object" && !Array.isArray(row.replays)
      ? (row.replays as FixTrialView["result"])
      : {};
  return {
    id: row.id,
    runId: row.runId,
    status: row.status,
    agent: row.agent,
    fixType: row.fixType,
    instruction: row.instruction,
    runs: row.runs,
    done: row.done,
    flipped: row.flipped,
    result,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function latestFixTrial(runId: string): Promise<FixTrialView | null> {
  const row = await db().fixTrial.findFirst({ where: { runId }, orderBy: { createdAt: "desc" } });
  return row ? toView(row) : null;
}

export async function getFixTrial(id: string): Promise<FixTrialView | null> {
  const row = await db().fixTrial.findUnique({ where: { id } });
  return row ? toView(row) : null;
}

/** The decisive agent's and co-culprits' fixes of the run's newest finished analysis (at most a handful). */
export async function runFixes(runId: string): Promise<RunFixView[]> {
  const { rows } = await pool().query<{ fixes: unknown }>(
    `SELECT result->'fixes' AS fixes FROM analyses WHERE "runId" = $1 AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1`,
    [runId],
  );
  const fixes = rows[0]?.fixes;
  return Array.isArray(fixes)
    ? fixes.slice(0, 8).filter((f) => f && typeof f.agent === "string" && typeof f.instruction === "string")
    : [];
}
