import { latestFixTrial, runFixes } from "@/lib/server/fixes/fix-trial-rows";
import { db } from "@/lib/server/db";
import { FixPanel } from "./FixPanel";

/**
 * The run page's "Fix" panel (server side): the suggested fixes of the newest analysis, the
 * newest fix trial and the run's system (for the pattern link). Renders nothing for a run with
 * no fix to suggest and no trial.
 */
export async function RunFixes({ runId, canStart }: { runId: string; canStart: boolean }) {
  const [fixes, latest, run] = await Promise.all([
    runFixes(runId),
    latestFixTrial(runId),
    db().run.findUnique({ where: { id: runId }, select: { system: true } }),
  ]);
  if (fixes.length === 0 && !latest) return null;
  return <FixPanel runId={runId} fixes={fixes} latest={latest} system={run?.system ?? null} canStart={canStart} />;
}
