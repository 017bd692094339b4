import "server-only";
import { correctionPatterns, type CorrectionPatterns, type CorrectionRun } from "@/lib/patterns";
import { fixFromFindings } from "@/lib/attribution/fixes/index";
import { pool } from "../pg-pool";
import type { SignatureFields } from "../analysis-columns";
import type { RunSummary } from "@/lib/view/run-row";

/** Newest failed runs the grouping reads; a page of patterns, not a data warehouse. */
export const PATTERN_MAX_RUNS = 1000;

export type PatternRun = Pick<RunSummary, "id" | "title" | "system">;

export interface FailurePatterns extends CorrectionPatterns {
  runs: Record<string, PatternRun>;
  /** Failed runs of the scope in all (the runs list's count); patterns read the newest PATTERN_MAX_RUNS. */
  totalFailed: number;
}

/** The decisive fix of a stored analysis: its own (engine ≥ 0.8), else the one its decisive step's findings call for. */
export function decisiveFix(fields: SignatureFields | null): CorrectionRun["fix"] {
  if (!fields?.decisive) return null;
  const own = fields.fixes?.find((f) => f.role === "decisive");
  if (own) return own;
  const step = fields.steps[0];
  const channel = fields.channelPath.find((h) => h.fromAgent === fields.decisive!.agent)?.edgeKinds[0];
  return fixFromFindings(fields.decisive.agent, fields.decisive.stepId, step?.detectors ?? [], channel);
}

type TrialRow = {
  runId: string;
  agent: string;
  fixType: string;
  instruction: string;
  runs: number;
  flipped: number;
  finding: string | null;
  channel: string | null;
};

/**
 * A run's newest finished fix trial: it counts for the run's pattern when it tried that pattern's
 * fix; a trial that proved another fix (most replays passed) moves the run to that fix's pattern,
 * since a replay that flips the outcome outweighs the offline verdict.
 */
function withTrial(run: CorrectionRun, t: TrialRow | undefined): CorrectionRun {
  if (!t) return run;
  const trial = { runs: t.runs, flipped: t.flipped };
  if (run.fix?.fixType === t.fixType) return { ...run, trial };
  if (t.flipped * 2 <= t.runs) return run;
  const fix = {
    agent: t.agent,
    role: "decisive" as const,
    fixType: t.fixType,
    instruction: t.instruction,
    author: "template" as const,
    stepIds: [],
  };
  return {
    ...run,
    fix: { ...fix, ...(t.finding ? { finding: t.finding } : {}), ...(t.channel ? { channel: t.channel } : {}) },
    trial,
  };
}

/**
 * Patterns by correction (lib/patterns/correction-patterns.ts) over the failed runs (outcome
 * failure, as the runs list counts them), optionally of one system: every failed run counts, those
 * without a finished analysis or decisive error as undetermined. Reads the analyses'
 * `signatureFields` column and the newest finished fix trial per run and fix type, never whole reports.
 */
export async function getFailurePatterns({ system }: { system?: string } = {}): Promise<FailurePatterns> {
  const args: unknown[] = [];
  const where = [`r.outcome = 'failure'`];
  if (system) {
    args.push(system);
    where.push(`r.system = $${args.length}`);
  }
  const db = pool();
  const [{ rows }, total] = await Promise.all([
    db.query<PatternRun & { totalTokens: number; signatureFields: SignatureFields | null }>(
      `SELECT r.id, r.title, r.system, r."totalTokens", a."signatureFields"
       FROM runs r
       LEFT JOIN LATERAL (SELECT "signatureFields" FROM analyses WHERE "runId" = r.id AND status = 'done' ORDER BY "createdAt" DESC LIMIT 1) a ON true
       WHERE ${where.join(" AND ")}
       ORDER BY r."createdAt" DESC, r.id LIMIT ${PATTERN_MAX_RUNS}`,
      args,
    ),
    db.query<{ n: string }>(`SELECT count(*) AS n FROM runs r WHERE ${where.join(" AND ")}`, args),
  ]);
  const trials = await db.query<TrialRow>(
    `SELECT DISTINCT ON ("runId") "runId", agent, "fixType", instruction, runs, flipped, replays->>'finding' AS finding, replays->>'channel' AS channel
     FROM fix_trials WHERE status = 'done' AND "runId" = ANY($1::uuid[]) ORDER BY "runId", "createdAt" DESC`,
    [rows.map((r) => r.id)],
  );
  const trialOf = new Map(trials.rows.map((t) => [t.runId, t]));
  const items = rows.map((r) =>
    withTrial({ runId: r.id, fix: decisiveFix(r.signatureFields), tokens: r.totalTokens }, trialOf.get(r.id)),
  );
  return {
    ...correctionPatterns(items),
    runs: Object.fromEntries(rows.map((r) => [r.id, { id: r.id, title: r.title, system: r.system }])),
    totalFailed: Number(total.rows[0]?.n ?? rows.length),
  };
}
