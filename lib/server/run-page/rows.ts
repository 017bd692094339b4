import "server-only";
import type { AgentLink, StepSummary } from "@/lib/view/types";
import { summarizeStep } from "@/lib/view/summarize-run";
import { pool } from "../pg-pool";
import { stepFromRow, type EdgeRow, type StepRow } from "../trace-from-rows";

/**
 * The run page's reads of step and edge rows. Raw SQL (through the one pg pool, `pool().query`)
 * because Prisma cannot express them: `left()` keeps long texts in the database, the density and
 * agent links are GROUP BYs, and the page's hot lookups skip Prisma's per-query overhead.
 */

/**
 * The id of run `r`'s newest finished analysis (SQL, for a query over `runs r`): the version of
 * everything immutable on a run page (its body, its step details).
 */
export const NEWEST_DONE_ANALYSIS_ID = `(SELECT a.id FROM analyses a
  WHERE a."runId" = r.id AND a.status = 'done' ORDER BY a."createdAt" DESC LIMIT 1)`;

/** Characters of step text fetched for the page (previews need the start only). */
const SUMMARY_TEXT_CHARS = 400;
/** Edge evidence is a sentence; anything longer is cut for the page. */
const EDGE_EVIDENCE_CHARS = 300;

/** Step indexes lo..hi (inclusive); undefined means the whole run. */
export type StepRange = { lo: number; hi: number } | undefined;

/** Step summaries (texts cut to their start) of the run, or of the steps in `range`, in order. */
export async function summaryStepRows(runId: string, range: StepRange): Promise<StepSummary[]> {
  const { rows } = await pool().query<StepRow>(
    `SELECT "stepId", agent, kind, name, left(content, $2::int) AS content, "toolName",
            left("toolResult", $2::int) AS "toolResult", "stateOp", "stateKey", target, status,
            "errorType", left("errorMessage", $2::int) AS "errorMessage", "inputTokens", "outputTokens", "totalTokens"
     FROM steps WHERE "runId" = $1::uuid ${range ? "AND idx BETWEEN $3::int AND $4::int" : ""} ORDER BY idx`,
    range ? [runId, SUMMARY_TEXT_CHARS, range.lo, range.hi] : [runId, SUMMARY_TEXT_CHARS],
  );
  return rows.map((r) => summarizeStep(stepFromRow(r)));
}

const BOTH_ENDS_IN_RANGE = `AND "toIdx" BETWEEN $3::int AND $4::int AND "fromIdx" BETWEEN $3::int AND $4::int`;

/** The run's edges, or those with both ends in `range` (the (runId, toIdx) index bounds the scan). */
export async function edgeRowsOf(runId: string, range: StepRange): Promise<(EdgeRow & { idx: number })[]> {
  const { rows } = await pool().query<EdgeRow & { idx: number }>(
    `SELECT idx, "fromIdx", "toIdx", kind::text AS kind, key, left(evidence, $2::int) AS evidence, confidence
     FROM edges WHERE "runId" = $1::uuid ${range ? BOTH_ENDS_IN_RANGE : ""}
     ORDER BY idx`,
    range ? [runId, EDGE_EVIDENCE_CHARS, range.lo, range.hi] : [runId, EDGE_EVIDENCE_CHARS],
  );
  return rows;
}

/** Steps and errors per agent and bin of `binSize` steps, for a large run's density overview. */
export async function densityRows(runId: string, binSize: number) {
  const { rows } = await pool().query<{ agent: string; bin: number; steps: number; errors: number }>(
    `SELECT agent, (idx / $2::int)::int AS bin, count(*)::int AS steps,
            (count(*) FILTER (WHERE status = 'error'))::int AS errors
     FROM steps WHERE "runId" = $1::uuid GROUP BY 1, 2`,
    [runId, binSize],
  );
  return rows;
}

/** Agent pairs that interact across the run, with how often per channel kind (the largest AGENT_LINKS_MAX). */
const AGENT_LINKS_MAX = 2000;
export async function agentLinkRows(runId: string, statedEdges: boolean): Promise<AgentLink[]> {
  const sql = statedEdges
    ? `SELECT f.agent AS "from", t.agent AS "to", e.kind::text AS kind, count(*)::int AS count
       FROM edges e
       JOIN steps f ON f."runId" = e."runId" AND f.idx = e."fromIdx"
       JOIN steps t ON t."runId" = e."runId" AND t.idx = e."toIdx"
       WHERE e."runId" = $1::uuid AND f.agent <> t.agent
       GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1, 2, 3 LIMIT $2::int`
    : // No stated edges: the engine's fallback links consecutive steps (see toViewEdges).
      `SELECT prev AS "from", agent AS "to", 'message' AS kind, count(*)::int AS count
       FROM (SELECT agent, lag(agent) OVER (ORDER BY idx) AS prev FROM steps WHERE "runId" = $1::uuid) t
       WHERE prev IS NOT NULL AND prev <> agent
       GROUP BY 1, 2 ORDER BY 4 DESC, 1, 2 LIMIT $2::int`;
  const { rows } = await pool().query<AgentLink>(sql, [runId, AGENT_LINKS_MAX]);
  return rows;
}
